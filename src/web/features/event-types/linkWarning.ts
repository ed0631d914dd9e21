import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LOCATION_INFO, type LocationType } from "../../../contract/event-type-constants";
import type { EventTypeDto } from "../../../contract/event-types";
import type { calendarsResponses } from "../../../contract/responses/calendars";
import type { AnswerData } from "../../../contract/responses/shared";
import { toast } from "../../components/ui";
import { api } from "../../lib/api";
import { t } from "../../lib/i18n";

/** Locations whose join link is the host's to paste: without one, invitees wait for a link that never comes. */
const PASTED_LINK = new Set<LocationType>(["zoom", "microsoft_teams", "webex", "goto_meeting"]);

/** Why a location would leave invitees reading "Meeting link will be provided": no link, or no Google account. */
export type MissingLink = "paste" | "google" | null;

export function missingLink(
  location: { type: LocationType; value?: string },
  googleConnected: boolean,
): MissingLink {
  const value = location.value?.trim() ?? "";
  if (value) return null;
  if (location.type === "google_meet") return googleConnected ? null : "google";
  return PASTED_LINK.has(location.type) ? "paste" : null;
}

/**
 * The locations of an event type that promise a link nobody will send: a video location without its
 * link, or Google Meet with no Google account connected (the link is created through one).
 */
export function locationsWithoutLink(
  locations: EventTypeDto["locations"],
  googleConnected: boolean,
): string[] {
  return locations
    .filter((l) => missingLink(l, googleConnected) !== null)
    .map((l) => l.displayName || LOCATION_INFO[l.type].displayName);
}

/** The host's Google accounts (GET /google-accounts): the Meet link warnings and the account picker. */
export const googleAccountsQuery = {
  queryKey: ["google-accounts"],
  queryFn: () => api.get<AnswerData<typeof calendarsResponses.list>>("/google-accounts"),
  staleTime: 30_000,
  // Until the host connects one, the route may not answer at all; treat that as none.
  retry: false,
} as const;

/** Whether the host has a Google account connected; null while it is not known yet. */
export function useGoogleConnected(enabled: boolean): boolean | null {
  const accounts = useQuery({ ...googleAccountsQuery, enabled });
  if (accounts.isError) return false;
  return accounts.data ? accounts.data.length > 0 : null;
}

/** After a save: warns the host when invitees would read "Meeting link will be provided" in vain. */
export function useWarnMissingLinks() {
  const queryClient = useQueryClient();
  return async (saved: EventTypeDto) => {
    const accounts = await queryClient.fetchQuery(googleAccountsQuery).catch(() => []);
    const missing = locationsWithoutLink(saved.locations, accounts.length > 0);
    if (missing.length === 0) return;
    const google = missing.includes(LOCATION_INFO.google_meet.displayName);
    toast.warning(
      google
        ? t("eventTypes.warn.google", { names: missing.join(", ") })
        : t("eventTypes.warn.noLink", { names: missing.join(", ") }),
      {
        description: google ? t("eventTypes.warn.googleFix") : t("eventTypes.warn.linkFix"),
        duration: 10_000,
      },
    );
  };
}
