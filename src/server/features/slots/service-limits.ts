import { hasLimits } from "../../../contract/booking-limits.js";
import type { SlotSource } from "../../../domain/availability/index.js";
import { type LimitRow, type LimitRules, limitReached } from "../../../domain/booking-limits.js";
import type { EventContext } from "./repo.js";

/**
 * Booking limits in the slot engine (issue 28): the rules of a one-host event type whose type or
 * host has a limit, else null (team kinds are not limited: each host's own limits would need each
 * host's counts; a later change).
 */
export function limitRulesOf(ctx: EventContext): LimitRules | null {
  if (ctx.teamHosts) return null;
  const eventType = ctx.eventType.bookingLimits ?? {};
  if (!hasLimits(eventType) && !hasLimits(ctx.limits.host)) return null;
  return {
    eventTypeId: ctx.eventType.id,
    eventType,
    host: ctx.limits.host,
    zone: ctx.schedule?.timezone ?? ctx.host.timezone,
    weekStart: ctx.limits.weekStart,
    duration: ctx.eventType.duration,
  };
}

/** The rows that count, without a booking being moved (its own time is free to it). */
export function countedRows(ctx: EventContext, excludeBookingId?: string): LimitRow[] {
  return excludeBookingId ? ctx.limits.rows.filter((r) => r[3] !== excludeBookingId) : ctx.limits.rows;
}

/** The source's slots without those past a limit. */
export function withinLimits(source: SlotSource, ctx: EventContext, excludeBookingId?: string): SlotSource {
  const rules = limitRulesOf(ctx);
  if (!rules) return source;
  const rows = countedRows(ctx, excludeBookingId);
  const cache = new Map<string, { count: number; minutes: number }>();
  return (range) => source(range).filter((t) => limitReached(rows, t, rules, cache) === null);
}
