import { OAuthReturnPage } from "../../components/OAuthReturnPage";
import { request } from "../../lib/api";

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
      cancelled={() => "Google authorization was cancelled or failed"}
      failedFallback="Failed to connect Google Calendar"
      texts={{
        loading: "Connecting Google Calendar...",
        success: "Google Calendar connected",
        successStandalone: "Taking you to your calendar settings...",
        failed: "Failed to connect Google Calendar",
      }}
    />
  );
}
