import { BOOKING_LIMIT_MESSAGE } from "../../../contract/booking-limits.js";
import { LIMIT_MARGIN_MS, limitReached } from "../../../domain/booking-limits.js";
import type { Tx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import { type EventContext, limitRulesOf } from "../slots/service.js";
import { limitRowsBetween, lockHostBookings } from "./repo-limits.js";

export const limitReachedError = () => new AppError("BOOKING_LIMIT_REACHED", BOOKING_LIMIT_MESSAGE);

/**
 * Inside a new booking's transaction, before it is written: under the host's lock, the counts of the
 * booking's day, week and month are read again and a booking past a limit is refused (issue 28).
 * The slot check before the transaction already hid such slots; this is what makes a race exact.
 */
export async function assertWithinLimits(
  tx: Tx,
  ctx: EventContext,
  start: Date,
  /** A booking being moved: its own old time does not count against it. */
  movingBookingId?: string,
): Promise<void> {
  const rules = limitRulesOf(ctx);
  if (!rules) return;
  await lockHostBookings(tx, ctx.host.id);
  const t = start.getTime();
  const rows = await limitRowsBetween(
    tx,
    ctx.host.id,
    new Date(t - LIMIT_MARGIN_MS),
    new Date(t + LIMIT_MARGIN_MS),
  );
  const counted = movingBookingId ? rows.filter((r) => r[3] !== movingBookingId) : rows;
  if (limitReached(counted, t, rules) !== null) throw limitReachedError();
}
