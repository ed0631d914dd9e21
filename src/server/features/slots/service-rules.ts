import type { EventContext } from "./repo.js";

/**
 * A one-off is open until booked or expired, a poll until booked or closed; others always. An
 * open poll's slots are its host's free time, from which the host proposes times.
 */
export function isOpen(
  et: Pick<EventContext["eventType"], "kind" | "closedAt" | "expiresAt">,
  at: Date,
): boolean {
  if (et.kind !== "one-off" && et.kind !== "poll") return true;
  return !et.closedAt && !(et.expiresAt && et.expiresAt <= at);
}

/** The month after a YYYY-MM month. */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}
