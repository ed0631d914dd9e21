import { type SQL, sql } from "drizzle-orm";
import { bookingHosts } from "../../db/schema/index.js";

/**
 * A confirmed or pending booking of the host, as the engine needs it: [start ms, end ms, kind]. Short: a
 * busy team's month is thousands (issue 30). No booking id: writing each one out as text was 7% of the
 * month view's statement (two fifths of a bare list's, in pgbench), and its one use was to skip the
 * bookings a reschedule moves, which the database now marks itself.
 */
export type BusyRow = [start: number, end: number, kind: BusyKind];

/**
 * BUSY: it blocks its time. SEAT: a seat of the looked-up type's own slots (it shares its slot). MOVING:
 * a booking the lookup excludes (being rescheduled): it blocks nothing.
 */
export const BUSY = 0;
export const SEAT = 1;
export const MOVING = 2;
export type BusyKind = typeof BUSY | typeof SEAT | typeof MOVING;

/**
 * The event type a busy list is read for: its id, whether its slots are shared by seats (isSeated),
 * and the bookings the lookup treats as free (a uuid[]: those being moved).
 */
export interface LookedUpType {
  id: SQL;
  seated: SQL;
  excluded: SQL;
}

/**
 * The confirmed bookings occupying a host over [from, to): every (booking, host) row, so a
 * collective booking the host shares counts as well as their own. The overlap test is written in
 * the exclusion constraint's own terms, so its GiST index finds the rows (start/end comparisons
 * would read every booking the host ever had).
 *
 * Sent as one text, "start,end,kind;..." (ms since the epoch), not JSON: a busy team's month is
 * thousands of rows, and PostgreSQL built them as text ~4x faster than json_build_array over
 * extract()'s numerics, which Node then parses ~2x faster (issue 30, the month view). `unless`: when it
 * holds, none are read (the owner of a team type, whose hosts' own lists count instead).
 */
export function busyOf(hostId: SQL, window: SQL, type: LookedUpType | null, unless?: SQL) {
  // Only a seated type tests for seats (service.ts): the test, a uuid written out as text per row, was a
  // fifth of the month view's statement, so other types skip it (issue 30).
  const kind = type
    ? sql`case when b.booking_id = any(${type.excluded}) then ${sql.raw(String(MOVING))}
        when ${type.seated} and b.event_type_id = ${type.id} and starts_with(b.slot_key, ${type.id}::text || '/') then ${sql.raw(String(SEAT))}
        else ${sql.raw(String(BUSY))} end`
    : sql.raw(String(BUSY));
  const rows = sql<string>`(
    select coalesce(string_agg(concat_ws(',',
      (date_part('epoch', b.start_time) * 1000)::bigint, (date_part('epoch', b.end_time) * 1000)::bigint,
      ${kind}), ';'), '')
    from ${bookingHosts} b
    where b.host_user_id = ${hostId} and b.status in ('confirmed', 'pending')
      and tstzrange(b.start_time, b.end_time) && ${window})`;
  // CASE runs the subquery only on the rows that need it.
  return (unless ? sql<string>`case when ${unless} then '' else ${rows} end` : rows).mapWith(busyRowsOf);
}

/** busyOf's text as rows. */
export function busyRowsOf(text: string): BusyRow[] {
  if (text === "") return [];
  const parts = text.split(";");
  const rows = new Array<BusyRow>(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const a = part.indexOf(",");
    const b = part.indexOf(",", a + 1);
    rows[i] = [Number(part.slice(0, a)), Number(part.slice(a + 1, b)), Number(part.slice(b + 1)) as BusyKind];
  }
  return rows;
}
