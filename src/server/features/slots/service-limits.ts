import { hasLimits } from "../../../contract/booking-limits.js";
import { type HostQuery, hostsFreeAt, type SlotSource } from "../../../domain/availability/index.js";
import { type LimitRow, type LimitRules, limitReached } from "../../../domain/booking-limits.js";
import type { EventContext, HostContext, TeamHostContext } from "./repo.js";

const DAY_MS = 86_400_000;

/**
 * Booking limits in the slot engine (issue 28): the rules of a one-host event type whose type or
 * host has a limit, else null. Team kinds count each host apart (teamHostRules).
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

/**
 * The rules of one host of a team event type: the type's limits applied to that host's own meetings
 * of it, and the host's host-wide limits, in their schedule's zone; null when neither has a limit.
 */
export function teamHostRules(ctx: EventContext, h: TeamHostContext): LimitRules | null {
  const eventType = ctx.eventType.bookingLimits ?? {};
  if (!hasLimits(eventType) && !hasLimits(h.limits.host)) return null;
  return {
    eventTypeId: ctx.eventType.id,
    eventType,
    host: h.limits.host,
    zone: h.schedule?.timezone ?? h.host.timezone,
    weekStart: h.limits.weekStart,
    duration: ctx.eventType.duration,
  };
}

/** The rows that count, without a booking being moved (its own time is free to it). */
export function countedRows(ctx: EventContext, excludeBookingId?: Excluded): LimitRow[] {
  return without(ctx.limits.rows, excludeBookingId);
}

const without = (rows: LimitRow[], excludeBookingId?: Excluded) =>
  excludeBookingId ? rows.filter((r) => !isExcluded(excludeBookingId, r[3])) : rows;

/**
 * The bookings a check treats as free: one being moved, or a series' occurrences moved together
 * ("this and following", issue 28 item 3), whose old times do not block their new ones.
 */
export type Excluded = string | readonly string[];

export const isExcluded = (excluded: Excluded | undefined, id: string) =>
  typeof excluded === "string" ? excluded === id : !!excluded?.includes(id);

/**
 * Whether each team host may take one more meeting at an instant: a test per host id (hosts
 * without limits always may), or null when no host of the type has a limit.
 */
function teamHostGate(
  ctx: EventContext,
  team: TeamHostContext[],
  excludeBookingId?: Excluded,
): ((hostId: string, t: number) => boolean) | null {
  const byHost = new Map<
    string,
    { rules: LimitRules; rows: LimitRow[]; cache: Map<string, { count: number; minutes: number }> }
  >();
  for (const h of team) {
    const rules = teamHostRules(ctx, h);
    if (rules)
      byHost.set(h.host.id, { rules, rows: without(h.limits.rows, excludeBookingId), cache: new Map() });
  }
  if (byHost.size === 0) return null;
  return (hostId, t) => {
    const l = byHost.get(hostId);
    return !l || limitReached(l.rows, t, l.rules, l.cache) === null;
  };
}

/**
 * The source's slots without those past a limit. A collective slot needs every host within their
 * limits; a round robin slot needs one host free then who is within theirs.
 */
export function withinLimits(
  source: SlotSource,
  ctx: EventContext,
  excludeBookingId?: Excluded,
  hosts: HostQuery<HostContext>[] = [],
): SlotSource {
  if (ctx.teamHosts) {
    const team = ctx.teamHosts;
    const may = teamHostGate(ctx, team, excludeBookingId);
    if (!may) return source;
    if (ctx.eventType.kind === "collective")
      return (range) => source(range).filter((t) => team.every((h) => may(h.host.id, t)));
    return (range) =>
      source(range).filter((t) => {
        const within = hosts.filter((h) => may(h.host.host.id, t));
        if (within.length === hosts.length) return within.length > 0;
        return within.length > 0 && hostsFreeAt(rangedAt(within, t), t).length > 0;
      });
  }
  const rules = limitRulesOf(ctx);
  if (!rules) return source;
  const rows = countedRows(ctx, excludeBookingId);
  const cache = new Map<string, { count: number; minutes: number }>();
  return (range) => source(range).filter((t) => limitReached(rows, t, rules, cache) === null);
}

/** The hosts of a team slot free at `t` and within their limits then (round robin's candidates). */
export function freeTeamHosts(
  ctx: EventContext,
  hosts: HostQuery<HostContext>[],
  t: number,
  excludeBookingId?: Excluded,
): TeamHostContext[] {
  const may = ctx.teamHosts && teamHostGate(ctx, ctx.teamHosts, excludeBookingId);
  const free = hostsFreeAt(rangedAt(hosts, t), t) as TeamHostContext[];
  return may ? free.filter((h) => may(h.host.id, t)) : free;
}

/** The hosts' engine queries over the day either side of `t`, as hostsFreeAt reads them. */
const rangedAt = (hosts: HostQuery<HostContext>[], t: number) =>
  hosts.map((h) => ({ ...h, query: { ...h.query, from: t - DAY_MS, to: t + DAY_MS } }));
