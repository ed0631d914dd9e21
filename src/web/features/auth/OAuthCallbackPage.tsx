import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import type { SsoCallbackResult } from "../../../contract/auth";
import { buttonClasses, Card, Logo, Spinner } from "../../components/ui";
import { errorMessage, request, setToken } from "../../lib/api";
import {
  hasOpener,
  notifyOpener,
  POPUP_CLOSE_AFTER_ERROR_MS,
  POPUP_CLOSE_AFTER_SUCCESS_MS,
} from "../../lib/oauthPopup";
import { fallbackLabel, ssoFlow, useSsoProviders } from "./providers";

/** Outside a popup, success goes on to the dashboard after this long (spec section 9). */
const SUCCESS_REDIRECT_MS = 2000;

type View =
  | { status: "loading" }
  | { status: "success"; message: string }
  | { status: "error"; message: string };

/** Callbacks already sent to the server: React's development double effect must not spend a state twice. */
const handled = new Set<string>();

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Where a provider sends the user back (/auth/google/callback, /auth/sbu/callback, ...): loading, then
 * success or error. In the sign-in popup it hands the outcome to the opener and closes (1 s after an
 * error, 2 s after success); opened on its own, it signs in and goes to /dashboard after 2 s, or offers
 * 'Return to Dashboard'.
 */
export default function OAuthCallbackPage() {
  const { provider = "" } = useParams();
  const providers = useSsoProviders();
  const label = providers.data?.find((p) => p.id === provider)?.label ?? fallbackLabel(provider);
  const [view, setView] = useState<View>({ status: "loading" });
  const labelRef = useRef(label);
  labelRef.current = label;

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const key = `${provider}:${params.get("state") ?? ""}:${params.get("code") ?? ""}`;
    if (handled.has(key)) return;
    handled.add(key);
    const inPopup = hasOpener();
    const flow = ssoFlow(provider);
    const name = () => labelRef.current;
    let timer: number | undefined;

    const fail = (message: string) => {
      setView({ status: "error", message });
      if (notifyOpener({ type: "oauth:error", flow, error: message })) {
        timer = window.setTimeout(() => window.close(), POPUP_CLOSE_AFTER_ERROR_MS);
      }
    };

    const run = async () => {
      const error = params.get("error");
      if (error) {
        return fail(
          error === "access_denied"
            ? `${name()} authorization was cancelled or failed`
            : (params.get("error_description") ?? `${name()} authorization was cancelled or failed`),
        );
      }
      const code = params.get("code");
      const state = params.get("state");
      if (!code || !state) return fail("Missing authorization code or state parameter");
      try {
        const envelope = await request<SsoCallbackResult>("POST", `/auth/${provider}`, {
          code,
          state,
          ...(params.get("iss") ? { iss: params.get("iss") } : {}),
          timezone: browserTimeZone(),
        });
        const linked = envelope.data?.intent === "link";
        const message = linked ? `Your ${name()} account is linked.` : `Signed in with ${name()}.`;
        setView({ status: "success", message });
        const data = linked ? envelope.data : { token: envelope.token };
        if (notifyOpener({ type: "oauth:success", flow, data })) {
          timer = window.setTimeout(() => window.close(), POPUP_CLOSE_AFTER_SUCCESS_MS);
          return;
        }
        if (!linked && envelope.token) setToken(envelope.token);
        timer = window.setTimeout(() => window.location.assign("/dashboard"), SUCCESS_REDIRECT_MS);
      } catch (failure) {
        fail(errorMessage(failure, `${name()} sign-in failed`));
      }
    };
    void run();
    return () => {
      if (!inPopup && timer) window.clearTimeout(timer);
    };
  }, [provider]);

  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-app p-6">
      <Logo />
      <Card className="w-full max-w-md p-8 text-center">
        <div aria-live="polite">
          {view.status === "loading" && (
            <>
              <Spinner size={36} className="mx-auto text-accent-strong" />
              <h1 className="mt-4 font-semibold text-lg text-slate-900">Completing {label} sign-in...</h1>
              <p className="mt-2 text-slate-500 text-sm">This takes a moment.</p>
            </>
          )}
          {view.status === "success" && (
            <>
              <CheckCircle2 className="mx-auto text-green-600" size={40} aria-hidden />
              <h1 className="mt-4 font-semibold text-lg text-slate-900">{label} authentication successful</h1>
              <p className="mt-2 text-slate-500 text-sm">{view.message}</p>
              <p className="mt-1 text-slate-500 text-xs">
                {hasOpener() ? "This window closes by itself." : "Taking you to your dashboard..."}
              </p>
            </>
          )}
        </div>
        {view.status === "error" && (
          <div role="alert">
            <AlertCircle className="mx-auto text-red-500" size={40} aria-hidden />
            <h1 className="mt-4 font-semibold text-lg text-slate-900">{label} authentication failed</h1>
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
