import {
  CalendarClock,
  CalendarPlus,
  CheckCircle2,
  ChevronRight,
  Clock,
  Link2,
  type LucideIcon,
  X,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, Card, toast } from "../../components/ui";
import { useAuth } from "../../lib/auth";
import { copyText } from "../../lib/clipboard";
import { cn } from "../../lib/cn";
import { profileUrl } from "../event-types/links";
import type { GetStartedProgress } from "./getStartedSteps";
import { useUpdatePreferences } from "./queries";

/** The X hides the panel for this browser session only; "Don't show again" is kept on the server. */
const SESSION_KEY = "kairos.getStarted.hidden";

export function getStartedHiddenThisSession(): boolean {
  try {
    return sessionStorage.getItem(SESSION_KEY) === "1";
  } catch {
    return false;
  }
}

function hideThisSession() {
  try {
    sessionStorage.setItem(SESSION_KEY, "1");
  } catch {
    // Without storage the X still hides it until the next visit to the dashboard.
  }
}

function StepCard({
  icon: Icon,
  title,
  text,
  to,
  onClick,
  done,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  to?: string;
  onClick?: () => void;
  done: boolean;
}) {
  const body: ReactNode = (
    <>
      {done ? (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700 ring-1 ring-emerald-600/20">
          <CheckCircle2 size={18} aria-hidden />
        </span>
      ) : (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white text-accent-strong shadow-xs ring-1 ring-slate-200">
          <Icon size={18} aria-hidden />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={cn("block font-medium text-sm", done ? "text-slate-500" : "text-slate-900")}>
          {title}
          {done && <span className="sr-only"> (done)</span>}
        </span>
        <span className="block text-slate-500 text-xs leading-5">{text}</span>
      </span>
      <ChevronRight
        size={16}
        aria-hidden
        className="shrink-0 text-slate-300 transition-transform group-hover:translate-x-0.5 group-hover:text-slate-500"
      />
    </>
  );
  const classes =
    "group flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3 text-left transition-colors hover:border-slate-300 hover:bg-white";
  return to ? (
    <Link to={to} className={classes}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onClick} className={classes}>
      {body}
    </button>
  );
}

/**
 * Four first steps for a new host, each ticked once done (DashboardPage leaves the panel out when all
 * are); dismissible for the session (X) or for good (Don't show again).
 */
export function GetStartedPanel({ onHide, progress }: { onHide: () => void; progress: GetStartedProgress }) {
  const { user } = useAuth();
  const prefs = useUpdatePreferences();

  const dontShowAgain = () => {
    prefs.mutate(
      { hideGetStarted: true },
      {
        onSuccess: () => onHide(),
        onError: () => toast.error("Could not save that. Please try again."),
      },
    );
  };

  // Copying the link is the last step's one signal before a first booking: kept on the server.
  const shareLink = async () => {
    if (!user) return;
    const copied = await copyText(profileUrl(user.username));
    if (copied && !user.preferences.sharedBookingLink) prefs.mutate({ sharedBookingLink: true });
  };

  return (
    <Card className="relative p-5" role="complementary" aria-labelledby="get-started-title">
      <button
        type="button"
        aria-label="Hide Get started"
        onClick={() => {
          hideThisSession();
          onHide();
        }}
        className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
      >
        <X size={16} aria-hidden />
      </button>
      <h2 id="get-started-title" className="pr-8 font-semibold text-slate-900">
        Get started
      </h2>
      <p className="mt-0.5 text-slate-500 text-sm">Four steps to your first booking.</p>
      {progress.done > 0 && (
        <div className="mt-3">
          <p className="text-slate-600 text-xs" id="get-started-progress">
            {progress.done} of 4 done
          </p>
          <div
            role="progressbar"
            aria-labelledby="get-started-progress"
            aria-valuemin={0}
            aria-valuemax={4}
            aria-valuenow={progress.done}
            className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-emerald-500" style={{ width: `${progress.done * 25}%` }} />
          </div>
        </div>
      )}
      <div className="mt-4 flex flex-col gap-2">
        <StepCard
          icon={CalendarPlus}
          title="Create an event type"
          text="Define what people can book."
          to="/event-types?create=one-on-one"
          done={progress.eventType}
        />
        <StepCard
          icon={Clock}
          title="Set your availability"
          text="Choose the hours people can book you."
          to="/availability"
          done={progress.availability}
        />
        <StepCard
          icon={CalendarClock}
          title="Connect your calendar"
          text="Keep busy times off your booking page."
          to="/availability?tab=calendar-settings"
          done={progress.calendar}
        />
        <StepCard
          icon={Link2}
          title="Share your link"
          text="Copy your booking page for invitees."
          onClick={() => void shareLink()}
          done={progress.link}
        />
      </div>
      <Button
        variant="ghost"
        size="sm"
        fullWidth
        className="mt-3 text-slate-500"
        loading={prefs.isPending}
        onClick={dontShowAgain}
      >
        {prefs.isPending ? "Saving..." : "Don't show again"}
      </Button>
    </Card>
  );
}
