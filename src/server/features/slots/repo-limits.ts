import { type SQL, sql } from "drizzle-orm";
import type { LimitRow } from "../../../domain/booking-limits.js";
import { bookingHosts, calendarSettings, eventTypes } from "../../db/schema/index.js";

/**
 * A host's meetings that count toward booking limits (issue 28), around the lookup [from, to), as a
 * column of a context query that joins the event type and the host's settings: every meeting
 * occupying the host (booking_hosts), so a collective meeting they join counts as well as their own.
 * Read only when the event type or the host has a limit, so an unlimited host's lookup reads nothing more.
 */
export const limitRowsOf = (hostId: SQL) => sql<LimitRow[]>`(
    select coalesce(json_agg(json_build_array(
      extract(epoch from b.start_time) * 1000, extract(epoch from b.end_time - b.start_time) / 60,
      b.event_type_id, b.booking_id)), '[]'::json)
    from ${bookingHosts} b
    where (${eventTypes.bookingLimits} <> '{}'::jsonb or coalesce(${calendarSettings.bookingLimits}, '{}'::jsonb) <> '{}'::jsonb)
      and b.host_user_id = ${hostId} and b.status in ('confirmed', 'pending')
      and b.start_time >= ${sql.placeholder("from")}::timestamptz - make_interval(days => 32)
      and b.start_time < ${sql.placeholder("to")}::timestamptz + make_interval(days => 32))`;
