import { useQuery } from "@tanstack/react-query";
import type { calendarsResponses } from "../../../contract/responses/calendars";
import type { AnswerData } from "../../../contract/responses/shared";
import { Badge } from "../../components/ui";
import { api } from "../../lib/api";
import { t } from "../../lib/i18n";

type CalendarSyncStates = AnswerData<typeof calendarsResponses.syncStates>;
export type CalendarSyncState = CalendarSyncStates[string];

/** How the calendar events of these meetings are doing (GET /calendar-sync), by booking id. */
export function useCalendarSync(bookingIds: string[]) {
  return useQuery({
    queryKey: ["calendar-sync", bookingIds],
    queryFn: () => api.get<CalendarSyncStates>(`/calendar-sync?bookingIds=${bookingIds.join(",")}`),
    enabled: bookingIds.length > 0,
    // Retries run in the background; the meeting catches up.
    refetchInterval: (q) =>
      Object.values(q.state.data ?? {}).some((s) => s.state !== "synced") ? 15_000 : false,
  });
}

/** Only when something is off: the calendar write is waiting or failed (and will retry). */
export function CalendarSyncBadge({ sync }: { sync?: CalendarSyncState }) {
  if (!sync || sync.state === "synced") return null;
  const where = sync.account ? ` (${sync.account})` : "";
  return sync.state === "failed" ? (
    <Badge tone="amber" dot title={sync.lastError ?? undefined}>
      {t("calendars.sync.failed", { where })}
    </Badge>
  ) : (
    <Badge tone="grey" dot>
      {t("calendars.sync.adding", { where })}
    </Badge>
  );
}
