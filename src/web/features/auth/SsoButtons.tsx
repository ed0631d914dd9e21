import { useState } from "react";
import type { AnswerData } from "../../../contract/responses/shared";
import type { authResponses } from "../../../contract/responses/users";
import { Button } from "../../components/ui";
import { api, errorMessage, request, setToken } from "../../lib/api";
import { t } from "../../lib/i18n";
import { useOAuthPopup } from "../../lib/oauthPopup";
import { ProviderMark } from "./ProviderMark";
import { type SsoProvider, ssoFlow, useSsoProviders } from "./providers";

/**
 * One button per sign-in provider set up on the server (none when there are none). Each opens the
 * provider in the spec's popup; the callback page in it sends the session token back here.
 */
export function SsoButtons({
  mode,
  returnPath,
  divider,
}: {
  mode: "login" | "signup";
  returnPath: string;
  /** Where the "or" line goes between these buttons and the password form. */
  divider: "before" | "after";
}) {
  const providers = useSsoProviders();
  const [error, setError] = useState<string | null>(null);
  // The login page leads with single sign-on (SBU, Gameforce), the sign-up page with Google (spec section 2).
  const all = providers.data ?? [];
  const google = all.filter((p) => p.id === "google");
  const others = all.filter((p) => p.id !== "google");
  const list = mode === "signup" ? [...google, ...others] : [...others, ...google];
  if (list.length === 0) return null;
  return (
    <section aria-label={t("auth.sso.section")} className="flex flex-col gap-3">
      {divider === "before" && <OrDivider />}
      {error && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
        >
          {error}
        </div>
      )}
      {list.map((p) => (
        <ProviderButton key={p.id} provider={p} mode={mode} returnPath={returnPath} onError={setError} />
      ))}
      {divider === "after" && <OrDivider />}
    </section>
  );
}

function ProviderButton({
  provider,
  mode,
  returnPath,
  onError,
}: {
  provider: SsoProvider;
  mode: "login" | "signup";
  returnPath: string;
  onError(message: string | null): void;
}) {
  const popup = useOAuthPopup({
    flow: ssoFlow(provider.id),
    async onSuccess(data) {
      const token = (data as { token?: string } | undefined)?.token;
      if (!token) return onError(t("auth.oauth.failed", { label: provider.label }));
      // Spec: the token is applied, the user fetched, then a full redirect (even if that fetch failed).
      setToken(token);
      await request("GET", "/auth/me").catch(() => undefined);
      window.location.assign(returnPath);
    },
    onError: (message) => onError(message || t("auth.oauth.failed", { label: provider.label })),
  });

  const start = () => {
    onError(null);
    popup.start(
      api
        .post<AnswerData<typeof authResponses.started>>(`/auth/${provider.id}/start`, { intent: "sign-in" })
        .then(
          (d) => d.authUrl,
          // Spec section 8's fallback ('Google sign-in failed', 'SBU sign-in failed') when the server
          // answers without a message of its own.
          (error: unknown) => {
            throw new Error(errorMessage(error, t("auth.oauth.failedFallback", { label: provider.label })));
          },
        ),
    );
  };

  const busyText =
    provider.id === "google" && mode === "signup"
      ? t("auth.sso.signingUp")
      : t("auth.connecting", { label: provider.label });
  return (
    <Button type="button" variant="outline" fullWidth loading={popup.connecting} onClick={start}>
      {!popup.connecting && <ProviderMark id={provider.id} label={provider.label} />}
      {popup.connecting ? busyText : t("auth.sso.continue", { label: provider.label })}
    </Button>
  );
}

export function OrDivider() {
  return (
    <div className="my-3 flex items-center gap-3 text-slate-500 text-xs uppercase tracking-wide">
      <span className="h-px flex-1 bg-slate-200" /> {t("auth.sso.or")}{" "}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
