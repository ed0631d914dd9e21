import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../lib/api";
import { t } from "../lib/i18n";
import {
  hasOpener,
  notifyOpener,
  POPUP_CLOSE_AFTER_ERROR_MS,
  POPUP_CLOSE_AFTER_SUCCESS_MS,
} from "../lib/oauthPopup";
import { buttonClasses, Card, Logo, Spinner } from "./ui";

/** Outside a popup, success goes on after this long (spec section 9). */
const SUCCESS_REDIRECT_MS = 2000;

/** What the provider's return was worth, once the server has taken the code. */
export interface OAuthOutcome {
  /** The line under the success title. */
  message?: string;
  /** Handed to the opener window (the popup's caller). */
  data: unknown;
  /** Opened on its own (no opener): what to do, 2 s after success. */
  standalone: () => void;
}

export interface OAuthReturnPageProps {
  /** The popup flow (lib/oauthPopup) whose opener hears the outcome. */
  flow: string;
  /** Tells calls apart: React's development double effect must not spend a state twice. */
  callKey: string;
  /** Sends the code and state to the server. */
  exchange: (code: string, state: string, params: URLSearchParams) => Promise<OAuthOutcome>;
  /** The message for a provider that answered `?error=` (the user cancelled, or it refused). */
  cancelled: (params: URLSearchParams) => string;
  failedFallback: string;
  texts: {
    loading: string;
    loadingDetail?: string;
    success: string;
    successStandalone: string;
    failed: string;
  };
  withLogo?: boolean;
}

type View =
  | { status: "loading" }
  | { status: "success"; message?: string }
  | { status: "error"; message: string };

const handled = new Set<string>();

/**
 * The one page a provider sends the user back to (sign-in with Google or OpenID Connect, calendar
 * connections): loading, then success or error. In a popup it hands the outcome to the opener and
 * closes (1 s after an error, 2 s after success); opened on its own it goes on by itself after 2 s, or
 * offers 'Return to Dashboard' after an error.
 */
export function OAuthReturnPage({
  flow,
  callKey,
  exchange,
  cancelled,
  failedFallback,
  texts,
  withLogo,
}: OAuthReturnPageProps) {
  const [view, setView] = useState<View>({ status: "loading" });
  // The callbacks may change as labels load; the one call made uses the latest.
  const latest = useRef({ exchange, cancelled, failedFallback });
  latest.current = { exchange, cancelled, failedFallback };

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const key = `${callKey}:${params.get("state") ?? ""}:${params.get("code") ?? ""}`;
    if (handled.has(key)) return;
    handled.add(key);
    const inPopup = hasOpener();
    let timer: number | undefined;
    const fail = (message: string) => {
      setView({ status: "error", message });
      if (notifyOpener({ type: "oauth:error", flow, error: message })) {
        timer = window.setTimeout(() => window.close(), POPUP_CLOSE_AFTER_ERROR_MS);
      }
    };
    const run = async () => {
      if (params.get("error")) return fail(latest.current.cancelled(params));
      const code = params.get("code");
      const state = params.get("state");
      if (!code || !state) return fail(t("common.oauth.missing"));
      try {
        const outcome = await latest.current.exchange(code, state, params);
        setView({ status: "success", message: outcome.message });
        if (notifyOpener({ type: "oauth:success", flow, data: outcome.data })) {
          timer = window.setTimeout(() => window.close(), POPUP_CLOSE_AFTER_SUCCESS_MS);
        } else {
          timer = window.setTimeout(outcome.standalone, SUCCESS_REDIRECT_MS);
        }
      } catch (error) {
        fail(errorMessage(error, latest.current.failedFallback));
      }
    };
    void run();
    return () => {
      if (!inPopup && timer) window.clearTimeout(timer);
    };
  }, [callKey, flow]);

  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-app p-6">
      {withLogo && <Logo />}
      <Card className="w-full max-w-md p-8 text-center">
        <div aria-live="polite">
          {view.status === "loading" && (
            <>
              <Spinner size={36} className="mx-auto text-accent-strong" />
              <h1 className="mt-4 font-semibold text-lg text-slate-900">{texts.loading}</h1>
              {texts.loadingDetail && <p className="mt-2 text-slate-500 text-sm">{texts.loadingDetail}</p>}
            </>
          )}
          {view.status === "success" && (
            <>
              <CheckCircle2 className="mx-auto text-green-600" size={40} aria-hidden />
              <h1 className="mt-4 font-semibold text-lg text-slate-900">{texts.success}</h1>
              {view.message && <p className="mt-2 text-slate-500 text-sm">{view.message}</p>}
              <p className="mt-1 text-slate-500 text-xs">
                {hasOpener() ? t("common.oauth.closes") : texts.successStandalone}
              </p>
            </>
          )}
        </div>
        {view.status === "error" && (
          <div role="alert">
            <AlertCircle className="mx-auto text-red-500" size={40} aria-hidden />
            <h1 className="mt-4 font-semibold text-lg text-slate-900">{texts.failed}</h1>
            <p className="mt-2 text-slate-500 text-sm">{view.message}</p>
            {!hasOpener() && (
              <Link to="/dashboard" className={`${buttonClasses({ variant: "primary" })} mt-6`}>
                {t("common.oauth.return")}
              </Link>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
