import { OAuthReturnPage } from "../../components/OAuthReturnPage";
import { request } from "../../lib/api";
import { t } from "../../lib/i18n";

/**
 * Also told over this channel: a popup that went through Google's origin may have lost its opener (the
 * browser separates it under our Cross-Origin-Opener-Policy), and the Calendar Settings tab still hears.
 */
export const CALENDAR_CONNECT_CHANNEL = "kairos-calendar-connect";

/** Where Google sends the host back after the calendar consent (the one OAuth return page). */
export default function GoogleCalendarCallbackPage() {
  return (
    <OAuthReturnPage
      flow="google-calendar"
      callKey="google-calendar"
      exchange={async (code, state) => {
        const envelope = await request("POST", "/google-accounts/callback", { code, state });
        new BroadcastChannel(CALENDAR_CONNECT_CHANNEL).postMessage({ type: "connected" });
        return { data: envelope.data, standalone: () => window.location.assign("/availability") };
      }}
      cancelled={() => t("calendars.google.cancelled")}
      failedFallback={t("calendars.google.failed")}
      texts={{
        loading: t("calendars.google.loading"),
        success: t("calendars.google.success"),
        successStandalone: t("calendars.google.successStandalone"),
        failed: t("calendars.google.failed"),
      }}
    />
  );
}
