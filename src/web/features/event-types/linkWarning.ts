import { useQueryClient } from "@tanstack/react-query";
import { type EventTypeDto, LOCATION_INFO } from "../../../contract/event-types";
import { toast } from "../../components/ui";
import { api } from "../../lib/api";

/** Locations whose join link is the host's to paste: without one, invitees wait for a link that never comes. */
const PASTED_LINK = new Set(["zoom", "microsoft_teams", "webex", "goto_meeting"]);

/**
 * The locations of an event type that promise a link nobody will send: a video location without its
 * link, or Google Meet with no Google account connected (the link is created through one).
 */
export function locationsWithoutLink(
  locations: EventTypeDto["locations"],
  googleConnected: boolean,
): string[] {
  return locations
    .filter((l) =>
      l.type === "google_meet"
        ? !googleConnected && !l.value.trim()
        : PASTED_LINK.has(l.type) && !l.value.trim(),
    )
    .map((l) => l.displayName || LOCATION_INFO[l.type].displayName);
}

/** After a save: warns the host when invitees would read "Meeting link will be provided" in vain. */
export function useWarnMissingLinks() {
  const queryClient = useQueryClient();
  return async (saved: EventTypeDto) => {
    const accounts = await queryClient
      .fetchQuery({
        queryKey: ["google-accounts"],
        queryFn: () => api.get<unknown[]>("/google-accounts"),
        staleTime: 30_000,
        retry: false,
      })
      .catch(() => []);
    const missing = locationsWithoutLink(saved.locations, accounts.length > 0);
    if (missing.length === 0) return;
    const google = missing.includes(LOCATION_INFO.google_meet.displayName);
    toast.warning(`${missing.join(", ")}: no meeting link will reach invitees`, {
      description: google
        ? "Connect a Google account, paste a Meet link, or choose another location."
        : "Add the meeting link in the location, or choose another location.",
      duration: 10_000,
    });
  };
}
