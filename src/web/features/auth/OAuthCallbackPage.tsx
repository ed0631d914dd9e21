import { useParams } from "react-router";
import type { authResponses } from "../../../contract/responses/users";
import { OAuthReturnPage } from "../../components/OAuthReturnPage";
import { requestAnswer, setToken } from "../../lib/api";
import { t } from "../../lib/i18n";
import { hasOpener } from "../../lib/oauthPopup";
import { fallbackLabel, ssoFlow, useSsoProviders } from "./providers";

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Where a sign-in provider sends the user back (/auth/google/callback, /auth/sbu/callback, ...), on the
 * one OAuth return page: in the sign-in popup the opener gets the token (or the linked identity); opened
 * on its own, it signs in and goes to /dashboard.
 */
export default function OAuthCallbackPage() {
  const { provider = "" } = useParams();
  const providers = useSsoProviders();
  const label = providers.data?.find((p) => p.id === provider)?.label ?? fallbackLabel(provider);
  return (
    <OAuthReturnPage
      withLogo
      flow={ssoFlow(provider)}
      callKey={provider}
      exchange={async (code, state, params) => {
        const envelope = await requestAnswer<typeof authResponses.ssoCallback>("POST", `/auth/${provider}`, {
          code,
          state,
          ...(params.get("iss") ? { iss: params.get("iss") } : {}),
          timezone: browserTimeZone(),
        });
        const linked = envelope.data.intent === "link";
        // Opened on its own (no popup), this window is the one signing in.
        if (!linked && envelope.token && !hasOpener()) setToken(envelope.token);
        return {
          message: linked ? t("auth.oauth.linked", { label }) : t("auth.oauth.signedIn", { label }),
          data: linked ? envelope.data : { token: envelope.token },
          standalone: () => window.location.assign("/dashboard"),
        };
      }}
      cancelled={(params) =>
        params.get("error") === "access_denied"
          ? t("auth.oauth.cancelled", { label })
          : (params.get("error_description") ?? t("auth.oauth.cancelled", { label }))
      }
      failedFallback={t("auth.oauth.failedFallback", { label })}
      texts={{
        loading: t("auth.oauth.loading", { label }),
        loadingDetail: t("auth.oauth.moment"),
        success: t("auth.oauth.success", { label }),
        successStandalone: t("auth.oauth.toDashboard"),
        failed: t("auth.oauth.failed", { label }),
      }}
    />
  );
}
