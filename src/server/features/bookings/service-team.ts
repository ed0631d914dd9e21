import type { NotificationSettings } from "../../../contract/calendar-settings.js";
import { DEFAULT_CALENDAR_SETTINGS } from "../../../contract/calendar-settings.js";
import { monthWindow, rankRoundRobin } from "../../../domain/round-robin.js";
import type { Tx } from "../../db/client.js";
import type { BookingRow, NewBookingRow } from "../../db/schema/index.js";
import { databaseErrorCode } from "../../lib/error-handler.js";
import type { EventContext, TeamHostContext } from "../slots/service.js";
import { type BookingRecord, createBookingsRepo } from "./repo.js";
import { type DraftValues, draftRow, recordOf } from "./service-records.js";

type Person = { id: string; name: string; email: string; username: string; appLanguage: string | null };

export interface Placed {
  row: BookingRow;
  host: Person;
}

const person = (h: TeamHostContext): Person => ({
  id: h.host.id,
  name: h.host.name,
  email: h.host.email,
  username: h.host.username,
  appLanguage: h.host.appLanguage,
});
const zoneOf = (h: TeamHostContext) => h.schedule?.timezone ?? h.host.timezone;

/**
 * The free hosts of a round-robin slot, best first by fairness. Called inside the booking's
 * transaction after the event type row is locked, so the counts include every booking of this
 * event type committed before: simultaneous bookings are ranked one after the other.
 */
export async function rankedHosts(
  tx: Tx,
  ctx: EventContext,
  free: TeamHostContext[],
  now: Date,
): Promise<TeamHostContext[]> {
  const repo = createBookingsRepo(tx);
  // The month the counts cover is the event type's own: its schedule's zone, as its slots are.
  const window = monthWindow(now.getTime(), ctx.schedule?.timezone ?? ctx.host.timezone);
  const stats = await repo.roundRobinStats(
    ctx.eventType.id,
    free.map((h) => h.host.id),
    { from: new Date(window.from), to: new Date(window.to) },
  );
  const byId = new Map(free.map((h) => [h.host.id, h]));
  return rankRoundRobin(
    free.map((h) => ({
      hostId: h.host.id,
      count: stats.get(h.host.id)?.count ?? 0,
      lastBookedAt: stats.get(h.host.id)?.lastBookedAt ?? null,
      weight: h.weight,
      priority: h.priority,
    })),
  ).map((c) => byId.get(c.hostId) as TeamHostContext);
}

/**
 * Tries `attempt` for each host in order inside a savepoint; a host the exclusion constraint finds
 * busy (another booking just took them) passes the booking to the next. Undefined: none was free.
 */
export async function firstFree<T>(
  tx: Tx,
  hosts: TeamHostContext[],
  attempt: (sp: Tx, host: TeamHostContext) => Promise<T>,
): Promise<{ host: TeamHostContext; result: T } | undefined> {
  for (const host of hosts) {
    try {
      const result = await tx.transaction((sp) => attempt(sp, host));
      return { host, result };
    } catch (error) {
      if (databaseErrorCode(error) !== "23P01") throw error;
    }
  }
  return undefined;
}

/**
 * Who holds a collective booking (the owner when a host, else the first host) and who joins it; null
 * for any other kind. Known before the booking's transaction, unlike a round robin's host.
 */
export function collectiveHosts(
  ctx: EventContext,
): { primary: TeamHostContext; others: TeamHostContext[] } | null {
  const hosts = ctx.teamHosts ?? [];
  if (ctx.eventType.kind !== "collective" || hosts.length === 0) return null;
  const primary = hosts.find((h) => h.host.id === ctx.host.id) ?? hosts[0];
  return { primary, others: hosts.filter((h) => h !== primary) };
}

/**
 * The booking about to be written, as a record, and its holder's notification settings as the slot
 * check read them (so listeners need not read them again); nulls for a round robin booking, whose host
 * is chosen inside the transaction. A collective booking's holder goes into `values`.
 */
export function draftBooking(
  ctx: EventContext,
  values: DraftValues,
  at: Date,
): { draft: BookingRecord | null; hostNotifications: NotificationSettings | null } {
  const collective = collectiveHosts(ctx);
  if (collective) {
    values.hostUserId = collective.primary.host.id;
    values.hostTimezone = zoneOf(collective.primary);
  }
  const holder = collective?.primary ?? (ctx.teamHosts ? null : ctx);
  if (!holder) return { draft: null, hostNotifications: null };
  const draft = collective
    ? recordOf(draftRow(values, at), ctx, person(collective.primary), collective.others.map(person))
    : recordOf(draftRow(values, at), ctx);
  return {
    draft,
    hostNotifications: { ...DEFAULT_CALENDAR_SETTINGS.notifications, ...holder.settings?.notifications },
  };
}

/**
 * Inserts a round robin booking: the best-ranked free host that the database accepts (the exclusion
 * constraint decides). Undefined: the slot is taken.
 */
export async function placeRoundRobin(
  tx: Tx,
  ctx: EventContext,
  free: TeamHostContext[],
  values: NewBookingRow,
  now: Date,
): Promise<Placed | undefined> {
  // Serialise the choice per event type, then rank with fresh counts.
  await createBookingsRepo(tx).lockEventType(ctx.eventType.id);
  const ranked = await rankedHosts(tx, ctx, free, now);
  const placed = await firstFree(tx, ranked, (sp, h) =>
    // createdAt from the clock: the fairness window counts bookings by when they were made.
    createBookingsRepo(sp).insert({
      ...values,
      hostUserId: h.host.id,
      hostTimezone: zoneOf(h),
      createdAt: now,
    }),
  );
  return placed && { row: placed.result, host: person(placed.host) };
}

/**
 * The candidates for a moved round-robin booking, in order: the same host alone when free at the
 * new time, else the free hosts ranked by fairness (empty: nobody is free).
 */
export async function hostForMove(
  tx: Tx,
  ctx: EventContext,
  free: TeamHostContext[],
  currentHostId: string,
  now: Date,
): Promise<TeamHostContext[]> {
  const same = free.find((h) => h.host.id === currentHostId);
  if (same) return [same];
  await createBookingsRepo(tx).lockEventType(ctx.eventType.id);
  return rankedHosts(tx, ctx, free, now);
}

export { person as teamHostPerson, zoneOf as teamHostZone };
