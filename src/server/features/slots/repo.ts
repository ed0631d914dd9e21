import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { TimeSlot } from "../../../contract/availability.js";
import type { BookingLimits } from "../../../contract/booking-limits.js";
import type { NotificationSettings } from "../../../contract/calendar-settings.js";
import type { LimitRow } from "../../../domain/booking-limits.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import {
  availabilitySchedules,
  calendarSettings,
  dateOverrides,
  type EventTypeRow,
  eventTypeHosts,
  eventTypes,
  holidaySettings,
  hostConfigVersions,
  type ScheduleRow,
  users,
} from "../../db/schema/index.js";
import { type BusyRow, busyOf } from "./repo-busy.js";
import { eventTypeColumns, scheduleColumns } from "./repo-columns.js";
import { limitRowsOf } from "./repo-limits.js";
import type { Excluded } from "./service-limits.js";

export interface OverrideData {
  date: string;
  isAvailable: boolean;
  timeSlots: TimeSlot[];
}

/** What one host's availability depends on. */
/** A host as the contexts read them (`appLanguage`: their own mails', issue 27). */
export interface ContextHost {
  id: string;
  name: string;
  email: string;
  timezone: string;
  username: string;
  language: string | null;
  appLanguage: string | null;
}

export interface HostContext {
  host: ContextHost;
  /** The event type's schedule (one-host types), else the host's default; null when the host has none. */
  schedule: Pick<ScheduleRow, keyof typeof scheduleColumns> | null;
  overrides: OverrideData[];
  busy: BusyRow[];
  /** Host-wide floors; null when the host never opened the settings (defaults apply). */
  settings: { bufferTime: number; minimumNotice: number; notifications: NotificationSettings } | null;
  /** Changes whenever the host's holidays change; keys the holiday cache. */
  holidayStamp: string;
}

/** Booking limits of a host (issue 28): their own, their week start, and the meetings that count. */
export interface HostLimits {
  host: BookingLimits;
  weekStart: "sunday" | "monday";
  rows: LimitRow[];
}

/** A host of a team event type; `limits` are this host's own, each host counted apart. */
export interface TeamHostContext extends HostContext {
  weight: number;
  priority: number;
  limits: HostLimits;
}

/** Everything the slot engine and a booking need about one event type, read in one query. */
export interface EventContext {
  eventType: Pick<EventTypeRow, keyof typeof eventTypeColumns>;
  /** The event type's owner (its only host unless it is a team event type). */
  host: ContextHost;
  /** The event type's schedule, else the host's default; null when the host has none. */
  schedule: Pick<ScheduleRow, keyof typeof scheduleColumns> | null;
  overrides: OverrideData[];
  busy: BusyRow[];
  /** Host-wide floors; null when the host never opened the settings (defaults apply). */
  settings: { bufferTime: number; minimumNotice: number; notifications: NotificationSettings } | null;
  /** Changes whenever the host's holidays change; keys the holiday cache. */
  holidayStamp: string;
  /** The owner's listener-config counter (host_config_versions; 0 before any change): keys listeners' caches. */
  configVersion: number;
  /** Round robin and collective event types of a team: their hosts; null for one-host types. */
  teamHosts: TeamHostContext[] | null;
  /**
   * Booking limits (issue 28): the host's own (Calendar Settings), their week start, and their
   * confirmed and pending bookings within LIMIT_MARGIN_MS of the lookup (none when no limit is set).
   */
  limits: HostLimits;
}

/**
 * An event type by id, by its host's username and slug (/{username}/{slug}), or by slug alone
 * (/book/{slug}: the oldest event type with that slug, which is the one its old links meant).
 */
export type EventRef = { id: string } | { slug: string; user?: string };

/** The lookup's instants [from, to): a page of days. */
const rangeWindow = sql`tstzrange(${sql.placeholder("from")}::timestamptz, ${sql.placeholder("to")}::timestamptz)`;

/**
 * Booking at `at`: only what a meeting of this event type starting then, with its buffers, can
 * overlap, [at - before, at + duration + after). A host with many bookings (each a few rows of the
 * busy list) pays for the slot being booked, not for the days around it (issue 14, item 5). The
 * buffers are the event type's raised to the host's Calendar Settings (contract effectiveRules).
 */
const bufferOf = (side: "bufferBefore" | "bufferAfter") =>
  sql`greatest(coalesce((${eventTypes.bookingSettings}->>${side})::int, 0), coalesce(${calendarSettings.bufferTime}, 0))`;
const meetingWindow = sql`tstzrange(
  ${sql.placeholder("at")}::timestamptz - make_interval(mins => ${bufferOf("bufferBefore")}),
  ${sql.placeholder("at")}::timestamptz + make_interval(mins => ${eventTypes.duration} + ${bufferOf("bufferAfter")}))`;

/** Kinds whose hosts are team members named in event_type_hosts. */
export const TEAM_KINDS: ReadonlySet<string> = new Set(["round-robin", "collective"]);

/** A team's type of one of TEAM_KINDS, in SQL (loadContext asks the same in JavaScript): its hosts are read apart. */
const isTeamType = sql`(${eventTypes.teamId} is not null and ${eventTypes.kind} in (${sql.raw(
  [...TEAM_KINDS].map((kind) => `'${kind}'`).join(", "),
)}))`;

/** The host's columns every context query reads. */
const hostColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  timezone: users.timezone,
  username: users.username,
  language: users.language,
  appLanguage: users.appLanguage,
};

/** The schedule's date overrides on host dates [fromDate, toDate] (placeholders or values), as JSON. */
const overridesBetween = (fromDate: unknown, toDate: unknown) => sql<OverrideData[]>`(
    select coalesce(json_agg(json_build_object('date', o.date, 'isAvailable', o.is_available, 'timeSlots', o.time_slots)), '[]'::json)
    from ${dateOverrides} o
    where o.schedule_id = ${availabilitySchedules.id}
      and o.date between ${fromDate}::date and ${toDate}::date)`;

/** Changes whenever the host's holidays change: keys the holiday cache. */
const holidayStampOf = (userId: SQL) => sql<string>`concat_ws('|', ${holidaySettings.updatedAt},
    (select concat(count(*), '/', max(c.created_at)) from custom_holidays c where c.user_id = ${userId}))`;

/** The host-wide settings (calendar_settings, left-joined) the slot engine and bookings read. */
const settingsColumns = {
  bufferTime: calendarSettings.bufferTime,
  minimumNotice: calendarSettings.minimumNotice,
  notifications: calendarSettings.notifications,
};

/**
 * The team type's id through a sub-select, whose value no plan reads ahead. PostgreSQL's custom plans
 * would see it and estimate the type's own host count, its generic plan the average: a collective
 * type with fewer hosts than average looked cheaper custom, so its kept statement was planned again on
 * every booking (1.2 ms of PostgreSQL's CPU each, issue 30). Now both estimates agree and the
 * statement keeps its generic plan.
 */
const unseenEventTypeId = sql`(select ${sql.placeholder("eventTypeId")}::uuid)`;

/** The joined event type, for its hosts' busy lists; `seated` is isSeated (service-rules.ts) in SQL. */
const lookedUpType = {
  id: sql`${eventTypes.id}`,
  seated: sql`(${eventTypes.kind} = 'group' or ${eventTypes.maxInvitees} > 1)`,
  // The ids arrive as one comma-separated text ('' for none); the sub-select makes the array once (its
  // cast makes `= any(...)` read an array, not a subquery's rows).
  excluded: sql`(select string_to_array(${sql.placeholder("excluded")}::text, ',')::uuid[])::uuid[]`,
};

/**
 * The hosts of a team event type, each with what their availability depends on: their default
 * schedule, its overrides, busy time, host-wide settings and holiday stamp; one round trip.
 */
function teamHostsQuery(db: DbOrTx, name: string, window: SQL) {
  return db
    .select({
      host: hostColumns,
      weight: eventTypeHosts.weight,
      priority: eventTypeHosts.priority,
      schedule: scheduleColumns,
      overrides: overridesBetween(sql.placeholder("fromDate"), sql.placeholder("toDate")),
      busy: busyOf(sql`${users.id}`, window, lookedUpType),
      ...settingsColumns,
      holidayStamp: holidayStampOf(sql`${users.id}`),
      weekStart: users.weekStart,
      hostLimits: calendarSettings.bookingLimits,
      limitRows: limitRowsOf(sql`${users.id}`),
    })
    .from(eventTypeHosts)
    .innerJoin(users, eq(users.id, eventTypeHosts.userId))
    .innerJoin(eventTypes, eq(eventTypes.id, eventTypeHosts.eventTypeId))
    .leftJoin(
      availabilitySchedules,
      and(eq(availabilitySchedules.userId, users.id), sql`${availabilitySchedules.isDefault}`),
    )
    .leftJoin(calendarSettings, eq(calendarSettings.userId, users.id))
    .leftJoin(holidaySettings, eq(holidaySettings.userId, users.id))
    .where(eq(eventTypeHosts.eventTypeId, unseenEventTypeId))
    .orderBy(users.id)
    .prepare(name);
}

/**
 * The event type with host, schedule (its own, else the host's default), overrides on host dates
 * [fromDate, toDate], the host's confirmed bookings overlapping [from, to), settings and a holiday
 * version stamp: one round trip. Built once and prepared: the slot page calls it on every request.
 */
function contextQuery(db: DbOrTx, by: "id" | "slug" | "user", name: string, window = rangeWindow) {
  return db
    .select({
      eventType: eventTypeColumns,
      host: hostColumns,
      schedule: scheduleColumns,
      overrides: overridesBetween(sql.placeholder("fromDate"), sql.placeholder("toDate")),
      // A team type's slots come from its hosts' busy lists (teamHostsQuery), not its owner's.
      busy: busyOf(sql`${eventTypes.userId}`, window, lookedUpType, isTeamType),
      ...settingsColumns,
      holidayStamp: holidayStampOf(sql`${eventTypes.userId}`),
      configVersion: sql<number>`coalesce((select v.version from ${hostConfigVersions} v where v.host_user_id = ${eventTypes.userId}), 0)::int`,
      weekStart: users.weekStart,
      hostLimits: calendarSettings.bookingLimits,
      limitRows: limitRowsOf(sql`${eventTypes.userId}`),
    })
    .from(eventTypes)
    .innerJoin(users, eq(users.id, eventTypes.userId))
    .leftJoin(
      availabilitySchedules,
      and(
        eq(availabilitySchedules.userId, eventTypes.userId),
        or(
          eq(availabilitySchedules.id, eventTypes.availabilityScheduleId),
          sql`(${eventTypes.availabilityScheduleId} is null and ${availabilitySchedules.isDefault})`,
        ),
      ),
    )
    .leftJoin(calendarSettings, eq(calendarSettings.userId, eventTypes.userId))
    .leftJoin(holidaySettings, eq(holidaySettings.userId, eventTypes.userId))
    .where(
      by === "id"
        ? eq(eventTypes.id, sql.placeholder("ref"))
        : by === "user"
          ? and(eq(users.username, sql.placeholder("user")), eq(eventTypes.slug, sql.placeholder("ref")))
          : eq(eventTypes.slug, sql.placeholder("ref")),
    )
    .orderBy(eventTypes.createdAt)
    .limit(1)
    .prepare(name);
}

/**
 * One host's context without an event type (the create dialog's time picker): the given schedule of
 * theirs, else their default, with its overrides, their busy time over [from, to) and holiday stamp.
 */
async function hostContext(
  db: DbOrTx,
  userId: string,
  scheduleId: string | null,
  range: { fromDate: string; toDate: string; from: Date; to: Date },
): Promise<HostContext | undefined> {
  const window = sql`tstzrange(${range.from.toISOString()}::timestamptz, ${range.to.toISOString()}::timestamptz)`;
  const [row] = await db
    .select({
      host: hostColumns,
      schedule: scheduleColumns,
      overrides: overridesBetween(range.fromDate, range.toDate),
      busy: busyOf(sql`${users.id}`, window, null),
      ...settingsColumns,
      holidayStamp: holidayStampOf(sql`${users.id}`),
    })
    .from(users)
    .leftJoin(
      availabilitySchedules,
      and(
        eq(availabilitySchedules.userId, users.id),
        scheduleId ? eq(availabilitySchedules.id, scheduleId) : sql`${availabilitySchedules.isDefault}`,
      ),
    )
    .leftJoin(calendarSettings, eq(calendarSettings.userId, users.id))
    .leftJoin(holidaySettings, eq(holidaySettings.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return { ...row, settings: settingsOf(row), holidayStamp: String(row.holidayStamp) };
}

export function createSlotsRepo(db: Db) {
  // Kept prepared on PGlite (db/prepared.ts): re-planning it was four fifths of its cost there. The
  // slot pages' lookups are answered from the read cache until this process writes, and on PostgreSQL
  // for at most a second (`cached`, db/read-cache.ts): a page opened by many invitees at once reads
  // the database about once (issue 30). The booking's own lookup (`forMeeting`) always reads.
  const cached = { cached: true };
  const byId = keptStatement(
    db,
    "slots_context_by_id",
    (h) => contextQuery(h, "id", "slots_context_by_id"),
    cached,
  );
  const bySlug = keptStatement(
    db,
    "slots_context_by_slug",
    (h) => contextQuery(h, "slug", "slots_context_by_slug"),
    cached,
  );
  const byUser = keptStatement(
    db,
    "slots_context_by_user",
    (h) => contextQuery(h, "user", "slots_context_by_user"),
    cached,
  );
  const forMeeting = keptStatement(db, "slots_context_for_meeting", (h) =>
    contextQuery(h, "id", "slots_context_for_meeting", meetingWindow),
  );
  const teamHosts = keptStatement(
    db,
    "slots_team_hosts",
    (h) => teamHostsQuery(h, "slots_team_hosts", rangeWindow),
    cached,
  );
  const teamHostsForMeeting = keptStatement(db, "slots_team_hosts_for_meeting", (h) =>
    teamHostsQuery(h, "slots_team_hosts_for_meeting", meetingWindow),
  );
  return {
    hostContext: (
      userId: string,
      scheduleId: string | null,
      range: { fromDate: string; toDate: string; from: Date; to: Date },
    ) => hostContext(db, userId, scheduleId, range),

    /**
     * The event type and what its slots depend on over host dates [fromDate, toDate]; the busy time
     * overlapping instants [from, to), or with `at` (an id ref) only what a meeting starting then can overlap;
     * the `excluded` bookings come marked MOVING (they block nothing: a reschedule).
     */
    async loadContext(
      ref: EventRef,
      range: { fromDate: string; toDate: string; from: Date; to: Date },
      at?: Date,
      excluded: Excluded = [],
    ): Promise<EventContext | undefined> {
      const params = {
        excluded: (typeof excluded === "string" ? [excluded] : excluded).join(","),
        ref: "id" in ref ? ref.id : ref.slug,
        ...("user" in ref && ref.user ? { user: ref.user } : {}),
        fromDate: range.fromDate,
        toDate: range.toDate,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        ...(at ? { at: at.toISOString() } : {}),
      };
      const meeting = at !== undefined && "id" in ref;
      const query = meeting ? forMeeting : "id" in ref ? byId : ref.user ? byUser : bySlug;
      const [row] = await query(db, params);
      if (!row) return undefined;
      const isTeam = row.eventType.teamId !== null && TEAM_KINDS.has(row.eventType.kind);
      const hostsQuery = meeting ? teamHostsForMeeting : teamHosts;
      const hosts = isTeam ? await hostsQuery(db, { ...params, eventTypeId: row.eventType.id }) : null;
      return {
        teamHosts:
          hosts?.map((h) => ({
            host: h.host,
            weight: h.weight,
            priority: h.priority,
            schedule: h.schedule,
            overrides: h.overrides,
            busy: h.busy,
            settings: settingsOf(h),
            holidayStamp: String(h.holidayStamp),
            limits: { host: h.hostLimits ?? {}, weekStart: h.weekStart, rows: h.limitRows },
          })) ?? null,
        eventType: row.eventType,
        host: row.host,
        schedule: row.schedule,
        overrides: row.overrides,
        busy: row.busy,
        settings: settingsOf(row),
        holidayStamp: String(row.holidayStamp),
        configVersion: Number(row.configVersion),
        limits: { host: row.hostLimits ?? {}, weekStart: row.weekStart, rows: row.limitRows },
      };
    },
  };
}

function settingsOf(row: {
  bufferTime: number | null;
  minimumNotice: number | null;
  notifications: NotificationSettings | null;
}): HostContext["settings"] {
  return row.bufferTime === null || row.minimumNotice === null || row.notifications === null
    ? null
    : { bufferTime: row.bufferTime, minimumNotice: row.minimumNotice, notifications: row.notifications };
}
