import { sql } from "drizzle-orm";
import type { LimitRow } from "../../../domain/booking-limits.js";
import { bookingHosts, calendarSettings, eventTypes, users } from "../../db/schema/index.js";

/**
 * A team host's meetings that count toward booking limits (issue 28), around the lookup [from, to), as
 * a column of the team hosts' query (repo.ts teamHostsQuery, which joins the host, their settings and
 * the event type): every meeting occupying the host (booking_hosts), so a collective meeting they join
 * counts as well as their own. Read only when the event type or that host has a limit.
 */
export const teamLimitRowsOf = sql<LimitRow[]>`(
    select coalesce(json_agg(json_build_array(
      extract(epoch from b.start_time) * 1000, extract(epoch from b.end_time - b.start_time) / 60,
      b.event_type_id, b.booking_id)), '[]'::json)
    from ${bookingHosts} b
    where (${eventTypes.bookingLimits} <> '{}'::jsonb or coalesce(${calendarSettings.bookingLimits}, '{}'::jsonb) <> '{}'::jsonb)
      and b.host_user_id = ${users.id} and b.status in ('confirmed', 'pending')
      and b.start_time >= ${sql.placeholder("from")}::timestamptz - make_interval(days => 32)
      and b.start_time < ${sql.placeholder("to")}::timestamptz + make_interval(days => 32))`;
