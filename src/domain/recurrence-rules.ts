/**
 * Recurring bookings' words and limits (issue 28 item 3), without the time arithmetic (recurrence.ts),
 * so the web app can use them without Temporal.
 */
export const RECURRENCE_FREQUENCIES = ["weekly", "biweekly", "monthly"] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** The fewest and most occurrences a host may offer. */
export const MIN_OCCURRENCES = 2;
export const MAX_OCCURRENCES = 24;

/** The iCalendar RRULE of a series (without the "RRULE:" prefix). */
export function rruleOf(frequency: RecurrenceFrequency, count: number): string {
  if (frequency === "monthly") return `FREQ=MONTHLY;COUNT=${count}`;
  return `FREQ=WEEKLY;INTERVAL=${frequency === "biweekly" ? 2 : 1};COUNT=${count}`;
}

/** "Every week for 6 occurrences": the booking page's and mails' words for a series. */
export function describeSeries(frequency: RecurrenceFrequency, count: number): string {
  const every = { weekly: "Every week", biweekly: "Every 2 weeks", monthly: "Every month" }[frequency];
  return `${every} for ${count} occurrence${count === 1 ? "" : "s"}`;
}

/** "Occurrence 3 of 6" (index 0 is the first). */
export const occurrenceLabel = (s: { index: number; count: number }) =>
  `Occurrence ${s.index + 1} of ${s.count}`;
