import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClasses, Card, Spinner } from "../../components/ui";
import { errorMessage, request } from "../../lib/api";
import {
  hasOpener,
  notifyOpener,
  POPUP_CLOSE_AFTER_ERROR_MS,
  POPUP_CLOSE_AFTER_SUCCESS_MS,
} from "../../lib/oauthPopup";

const FLOW = "google-calendar";
/**
 * Also told over this channel: a popup that went through Google's origin may have lost its opener (the
 * browser separates it under our Cross-Origin-Opener-Policy), and the Calendar Settings tab still hears.
 */
export const CALENDAR_CONNECT_CHANNEL = "kairos-calendar-connect";
/** Outside a popup, success goes on after this long (spec section 9). */
const SUCCESS_REDIRECT_MS = 2000;

type View = { status: "loading" } | { status: "success" } | { status: "error"; message: string };

/** Calls already sent: React's development double effect must not spend a state twice. */
const handled = new Set<string>();

/**
 * Where Google sends the host back after the calendar consent: loading, then success or error. In the
 * popup it tells the Calendar Settings tab and closes (1 s after an error, 2 s after success).
 */
export default function GoogleCalendarCallbackPage() {
  const [view, setView] = useState<View>({ status: "loading" });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const key = `${params.get("state") ?? ""}:${params.get("code") ?? ""}`;
    if (handled.has(key)) return;
    handled.add(key);
    const fail = (message: string) => {
      setView({ status: "error", message });
      if (notifyOpener({ type: "oauth:error", flow: FLOW, error: message })) {
        window.setTimeout(() => window.close(), POPUP_CLOSE_AFTER_ERROR_MS);
      }
    };
    const run = async () => {
      if (params.get("error")) return fail("Google authorization was cancelled or failed");
      const code = params.get("code");
      const state = params.get("state");
      if (!code || !state) return fail("Missing authorization code or state parameter");
      try {
        const envelope = await request("POST", "/google-accounts/callback", { code, state });
        setView({ status: "success" });
        new BroadcastChannel(CALENDAR_CONNECT_CHANNEL).postMessage({ type: "connected" });
        if (notifyOpener({ type: "oauth:success", flow: FLOW, data: envelope.data })) {
          window.setTimeout(() => window.close(), POPUP_CLOSE_AFTER_SUCCESS_MS);
        } else {
          window.setTimeout(() => window.location.assign("/availability"), SUCCESS_REDIRECT_MS);
        }
      } catch (error) {
        fail(errorMessage(error, "Failed to connect Google Calendar"));
      }
    };
    void run();
  }, []);

  return (
    <div className="flex min-h-screen items-center justify-center bg-app p-6">
      <Card className="w-full max-w-md p-8 text-center">
        <div aria-live="polite">
          {view.status === "loading" && (
            <>
              <Spinner size={36} className="mx-auto text-accent" />
              <h1 className="mt-4 font-semibold text-lg text-slate-900">Connecting Google Calendar...</h1>
            </>
          )}
          {view.status === "success" && (
            <>
              <CheckCircle2 className="mx-auto text-green-600" size={40} aria-hidden />
              <h1 className="mt-4 font-semibold text-lg text-slate-900">Google Calendar connected</h1>
              <p className="mt-2 text-slate-500 text-sm">
                {hasOpener() ? "This window closes by itself." : "Taking you to your calendar settings..."}
              </p>
            </>
          )}
        </div>
        {view.status === "error" && (
          <div role="alert">
            <AlertCircle className="mx-auto text-red-500" size={40} aria-hidden />
            <h1 className="mt-4 font-semibold text-lg text-slate-900">Failed to connect Google Calendar</h1>
            <p className="mt-2 text-slate-500 text-sm">{view.message}</p>
            {!hasOpener() && (
              <Link to="/dashboard" className={`${buttonClasses({ variant: "primary" })} mt-6`}>
                Return to Dashboard
              </Link>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
