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
import { t } from "../../lib/i18n";
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
          {done && <span className="sr-only">{t("dashboard.getStarted.done")}</span>}
        </span>
        <span className="block text-slate-500 text-xs leading-5">{text}</span>
      </span>
      <ChevronRight
        size={16}
        aria-hidden
        className="shrink-0 text-slate-300 transition-transform group-hover:translate-x-0.5 group-hover:text-slate-500 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
      />
    </>
  );
  const classes =
    "group flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3 text-start transition-colors hover:border-slate-300 hover:bg-white";
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
        onError: () => toast.error(t("dashboard.getStarted.saveFailed")),
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
        aria-label={t("dashboard.getStarted.hide")}
        onClick={() => {
          hideThisSession();
          onHide();
        }}
        className="absolute end-3 top-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
      >
        <X size={16} aria-hidden />
      </button>
      <h2 id="get-started-title" className="pe-8 font-semibold text-slate-900">
        {t("dashboard.getStarted.title")}
      </h2>
      <p className="mt-0.5 text-slate-500 text-sm">{t("dashboard.getStarted.subtitle")}</p>
      {progress.done > 0 && (
        <div className="mt-3">
          <p className="text-slate-600 text-xs" id="get-started-progress">
            {t("dashboard.getStarted.progress", { count: progress.done })}
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
          title={t("dashboard.getStarted.eventType")}
          text={t("dashboard.getStarted.eventTypeText")}
          to="/event-types?create=one-on-one"
          done={progress.eventType}
        />
        <StepCard
          icon={Clock}
          title={t("dashboard.getStarted.availability")}
          text={t("dashboard.getStarted.availabilityText")}
          to="/availability"
          done={progress.availability}
        />
        <StepCard
          icon={CalendarClock}
          title={t("dashboard.getStarted.calendar")}
          text={t("dashboard.getStarted.calendarText")}
          to="/availability?tab=calendar-settings"
          done={progress.calendar}
        />
        <StepCard
          icon={Link2}
          title={t("dashboard.getStarted.link")}
          text={t("dashboard.getStarted.linkText")}
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
        {prefs.isPending ? t("dashboard.getStarted.saving") : t("dashboard.getStarted.dontShow")}
      </Button>
    </Card>
  );
}
