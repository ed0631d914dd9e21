import { BOOKING_LIMIT_MESSAGE } from "../../../contract/booking-limits.js";
import { LIMIT_MARGIN_MS, limitReached } from "../../../domain/booking-limits.js";
import type { Tx } from "../../db/client.js";
import { AppError } from "../../lib/errors.js";
import { type EventContext, limitRulesOf, type TeamHostContext, teamHostRules } from "../slots/service.js";
import { limitRowsBetween, lockHostBookings, teamLimitRowsBetween } from "./repo-limits.js";

export const limitReachedError = () => new AppError("BOOKING_LIMIT_REACHED", BOOKING_LIMIT_MESSAGE);

/**
 * Inside a new booking's transaction, before it is written: under the host's lock, the counts of the
 * booking's day, week and month are read again and a booking past a limit is refused (issue 28).
 * The slot check before the transaction already hid such slots; this is what makes a race exact.
 * Team kinds count each host apart (assertTeamWithinLimits); the answer is the round robin's
 * candidates among `free` still within their limits (`free` itself for other kinds).
 */
export async function assertWithinLimits(
  tx: Tx,
  ctx: EventContext,
  start: Date,
  /** A booking being moved: its own old time does not count against it. */
  movingBookingId?: string,
  free: TeamHostContext[] = [],
): Promise<TeamHostContext[]> {
  if (ctx.teamHosts) return assertTeamWithinLimits(tx, ctx, start, free, movingBookingId);
  const rules = limitRulesOf(ctx);
  if (!rules) return free;
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
  return free;
}

/**
 * A team booking under its hosts' limits: each limited host's lock (the one their one-host bookings
 * take), in host id order so two team bookings never wait on each other crosswise, then their counts
 * read again. Collective: every host must be within their limits. Round robin: the free hosts within
 * theirs, refused when none is.
 */
async function assertTeamWithinLimits(
  tx: Tx,
  ctx: EventContext,
  start: Date,
  free: TeamHostContext[],
  movingBookingId?: string,
): Promise<TeamHostContext[]> {
  const collective = ctx.eventType.kind === "collective";
  const candidates = collective ? (ctx.teamHosts ?? []) : free;
  const limited = candidates
    .map((h) => ({ h, rules: teamHostRules(ctx, h) }))
    .filter((l) => l.rules !== null)
    .sort((a, b) => (a.h.host.id < b.h.host.id ? -1 : a.h.host.id > b.h.host.id ? 1 : 0));
  if (limited.length === 0) return free;
  for (const { h } of limited) await lockHostBookings(tx, h.host.id);
  const t = start.getTime();
  const rowsByHost = await teamLimitRowsBetween(
    tx,
    limited.map((l) => l.h.host.id),
    new Date(t - LIMIT_MARGIN_MS),
    new Date(t + LIMIT_MARGIN_MS),
  );
  const past = new Set<string>();
  for (const { h, rules } of limited) {
    const rows = (rowsByHost.get(h.host.id) ?? []).filter((r) => r[3] !== movingBookingId);
    if (rules && limitReached(rows, t, rules) !== null) past.add(h.host.id);
  }
  if (collective && past.size > 0) throw limitReachedError();
  const within = free.filter((h) => !past.has(h.host.id));
  if (!collective && within.length === 0) throw limitReachedError();
  return within;
}
