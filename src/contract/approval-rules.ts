/**
 * Whether a booking is a request (issue 28 item 1), without zod: the public booking page asks it to
 * name its button ("Request booking"), and its bundle carries no schema library.
 */

/**
 * Whether a booking starting at `start`, made at `now`, is a request: the setting is on, and either it
 * has no notice threshold or the booking is made with less notice than the threshold.
 */
export function needsApproval(
  c: { required: boolean; noticeHours: number | null } | null | undefined,
  start: Date,
  now: Date,
): boolean {
  if (!c?.required) return false;
  if (c.noticeHours === null) return true;
  return start.getTime() - now.getTime() < c.noticeHours * 3_600_000;
}
