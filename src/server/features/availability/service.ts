import {
  type AvailabilitySchedule,
  type CreateScheduleBody,
  DAY_CODES,
  type DateOverride,
  type DateOverrideInput,
  type DaySchedule,
  DEFAULT_MAXIMUM_NOTICE_DAYS,
  DEFAULT_SCHEDULE_NAME,
  defaultWeek,
  type UpdateScheduleBody,
  WEEKDAYS,
} from "../../../contract/availability.js";
import { DEFAULT_TIMEZONE } from "../../../contract/common.js";
import { isValidTimeZone } from "../../../domain/time-labels.js";
import type { Db, Tx } from "../../db/client.js";
import type { DateOverrideRow, ScheduleRow, UserRow } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import type { CalendarSettingsService } from "../calendar-settings/service.js";
import {
  type AvailabilityRepo,
  createAvailabilityRepo,
  createDefaultScheduleLookup,
  type OverrideValues,
  type SchedulePatch,
} from "./repo.js";

export const MAX_SCHEDULES_PER_HOST = 50;
const SCHEDULE_NOT_FOUND = "Schedule not found";
export const DEFAULT_SCHEDULE_DELETE_REFUSED =
  "The default schedule cannot be deleted. Make another schedule the default first.";

/** A schedule with its overrides, as the slot engine's caller needs it. */
export interface ScheduleWithOverrides {
  schedule: ScheduleRow;
  overrides: DateOverrideRow[];
}

export function createAvailabilityService(db: Db, deps: { calendarSettings: CalendarSettingsService }) {
  const defaultSchedule = createDefaultScheduleLookup(db);

  async function load(
    repo: AvailabilityRepo,
    userId: string,
    row: ScheduleRow,
  ): Promise<AvailabilitySchedule> {
    const [overrides, eventTypeCount] = await Promise.all([
      repo.listOverrides(userId, [row.id]),
      repo.countEventTypesUsingSchedule(userId, row.id),
    ]);
    return toSchedule(row, overrides, eventTypeCount);
  }

  async function requireSchedule(repo: AvailabilityRepo, userId: string, id: string): Promise<ScheduleRow> {
    const row = await repo.findSchedule(userId, id);
    if (!row) throw notFound(SCHEDULE_NOT_FOUND);
    return row;
  }

  return {
    async list(userId: string): Promise<AvailabilitySchedule[]> {
      const repo = createAvailabilityRepo(db);
      const rows = await repo.listSchedules(userId);
      const [overrides, counts] = await Promise.all([
        repo.listOverrides(
          userId,
          rows.map((r) => r.id),
        ),
        repo.eventTypeCountsBySchedule(userId),
      ]);
      return rows.map((row) =>
        toSchedule(
          row,
          overrides.filter((o) => o.scheduleId === row.id),
          counts.get(row.id) ?? 0,
        ),
      );
    },

    async get(userId: string, id: string): Promise<AvailabilitySchedule> {
      const repo = createAvailabilityRepo(db);
      return load(repo, userId, await requireSchedule(repo, userId, id));
    },

    /** New schedules take the host's zone and the host-wide buffer and notice unless the body says otherwise. */
    async create(user: UserRow, body: CreateScheduleBody): Promise<AvailabilitySchedule> {
      const settings = await deps.calendarSettings.get(user.id);
      return db.transaction(async (tx) => {
        const repo = createAvailabilityRepo(tx);
        const existing = await repo.lockSchedules(user.id);
        if (existing.length >= MAX_SCHEDULES_PER_HOST) {
          throw badRequest(`A host can have at most ${MAX_SCHEDULES_PER_HOST} schedules.`);
        }
        // A host without a default (none yet) gets this one as the default.
        const isDefault = body.isDefault === true || !existing.some((s) => s.isDefault);
        if (isDefault) await repo.clearDefault(user.id);
        const row = await repo.insertSchedule({
          userId: user.id,
          name: body.name,
          timezone: body.timezone ?? zoneOf(user),
          isDefault,
          weekly: body.schedule ? normaliseWeek(body.schedule) : defaultWeek(),
          bufferTimeBefore: body.bufferTimeBefore ?? settings.bufferTime,
          bufferTimeAfter: body.bufferTimeAfter ?? settings.bufferTime,
          minimumNotice: body.minimumNotice ?? settings.minimumNotice,
          maximumNotice: body.maximumNotice ?? DEFAULT_MAXIMUM_NOTICE_DAYS,
        });
        for (const o of body.dateOverrides ?? [])
          await repo.upsertOverride(user.id, row.id, overrideValues(o));
        return load(repo, user.id, row);
      });
    },

    /** Partial update; dateOverrides, when given, become exactly the listed ones. */
    async update(userId: string, id: string, body: UpdateScheduleBody): Promise<AvailabilitySchedule> {
      return db.transaction(async (tx) => {
        const repo = createAvailabilityRepo(tx);
        await requireSchedule(repo, userId, id);
        const patch: SchedulePatch = {};
        if (body.name !== undefined) patch.name = body.name;
        if (body.timezone !== undefined) patch.timezone = body.timezone;
        if (body.schedule !== undefined) patch.weekly = normaliseWeek(body.schedule);
        if (body.bufferTimeBefore !== undefined) patch.bufferTimeBefore = body.bufferTimeBefore;
        if (body.bufferTimeAfter !== undefined) patch.bufferTimeAfter = body.bufferTimeAfter;
        if (body.minimumNotice !== undefined) patch.minimumNotice = body.minimumNotice;
        if (body.maximumNotice !== undefined) patch.maximumNotice = body.maximumNotice;
        // Always touched, so updatedAt moves even for an overrides-only change.
        const row = await repo.updateSchedule(userId, id, patch);
        if (!row) throw notFound(SCHEDULE_NOT_FOUND);
        if (body.dateOverrides !== undefined) {
          const list = body.dateOverrides.map(overrideValues);
          await repo.deleteOverridesExcept(
            userId,
            id,
            list.map((o) => o.date),
          );
          for (const o of list) await repo.upsertOverride(userId, id, o);
        }
        return load(repo, userId, row);
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = createAvailabilityRepo(tx);
        // Locked so a concurrent set-default cannot make it the default mid-delete.
        const row = (await repo.lockSchedules(userId)).find((s) => s.id === id);
        if (!row) throw notFound(SCHEDULE_NOT_FOUND);
        if (row.isDefault) throw badRequest(DEFAULT_SCHEDULE_DELETE_REFUSED, undefined, "DEFAULT_SCHEDULE");
        const inUse = await repo.countEventTypesUsingSchedule(userId, id);
        if (inUse > 0) {
          throw badRequest(
            `This schedule is used by ${inUse} event type${inUse === 1 ? "" : "s"}. Move ${inUse === 1 ? "it" : "them"} to another schedule first.`,
            undefined,
            "SCHEDULE_IN_USE",
          );
        }
        await repo.deleteSchedule(userId, id);
      });
    },

    /** Makes this schedule the host's only default. */
    async setDefault(userId: string, id: string): Promise<AvailabilitySchedule> {
      return db.transaction(async (tx) => {
        const repo = createAvailabilityRepo(tx);
        const rows = await repo.lockSchedules(userId);
        if (!rows.some((s) => s.id === id)) throw notFound(SCHEDULE_NOT_FOUND);
        await repo.clearDefault(userId, id);
        const row = await repo.markDefault(userId, id);
        if (!row) throw notFound(SCHEDULE_NOT_FOUND);
        return load(repo, userId, row);
      });
    },

    /** Adds an override, or replaces the one already on that date. Answers the whole schedule. */
    async addDateOverride(
      userId: string,
      id: string,
      body: DateOverrideInput,
    ): Promise<AvailabilitySchedule> {
      return db.transaction(async (tx) => {
        const repo = createAvailabilityRepo(tx);
        await requireSchedule(repo, userId, id);
        await repo.upsertOverride(userId, id, overrideValues(body));
        const row = await repo.updateSchedule(userId, id, {});
        if (!row) throw notFound(SCHEDULE_NOT_FOUND);
        return load(repo, userId, row);
      });
    },

    async deleteDateOverride(userId: string, id: string, overrideId: string): Promise<AvailabilitySchedule> {
      return db.transaction(async (tx) => {
        const repo = createAvailabilityRepo(tx);
        await requireSchedule(repo, userId, id);
        if (!(await repo.deleteOverride(userId, id, overrideId))) throw notFound("Date override not found");
        const row = await repo.updateSchedule(userId, id, {});
        if (!row) throw notFound(SCHEDULE_NOT_FOUND);
        return load(repo, userId, row);
      });
    },

    /** For the slot engine's caller: a schedule (the default when id is omitted) with its overrides. */
    async forEngine(userId: string, id?: string): Promise<ScheduleWithOverrides | undefined> {
      const repo = createAvailabilityRepo(db);
      const schedule = id ? await repo.findSchedule(userId, id) : await repo.findDefaultSchedule(userId);
      if (!schedule) return undefined;
      return { schedule, overrides: await repo.listOverrides(userId, [schedule.id]) };
    },

    /** The zone a host's days are counted in: their default schedule's, else their profile's. */
    async hostZone(user: UserRow): Promise<string> {
      const row = await defaultSchedule(user.id);
      return row?.timezone ?? zoneOf(user);
    },

    /** Sign-up hook: every new host starts with 'Working hours (default)' in their own zone. */
    async createDefaultSchedule(tx: Tx, user: UserRow): Promise<void> {
      await createAvailabilityRepo(tx).insertSchedule({
        userId: user.id,
        name: DEFAULT_SCHEDULE_NAME,
        timezone: zoneOf(user),
        isDefault: true,
        weekly: defaultWeek(),
        bufferTimeBefore: 0,
        bufferTimeAfter: 0,
        minimumNotice: 0,
        maximumNotice: DEFAULT_MAXIMUM_NOTICE_DAYS,
      });
    },
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;

/**
 * The profile's zone when the slot engine can use it. Sign-up accepts what
 * Intl accepts, which on Node 24 includes fixed offsets such as '+05:30'.
 */
function zoneOf(user: UserRow): string {
  return isValidTimeZone(user.timezone) ? user.timezone : DEFAULT_TIMEZONE;
}

/** Sunday first, day codes from the day, no slots kept on days marked unavailable. */
function normaliseWeek(
  days: { day: (typeof WEEKDAYS)[number]; isAvailable: boolean; timeSlots: DaySchedule["timeSlots"] }[],
): DaySchedule[] {
  return WEEKDAYS.map((day, i) => {
    const d = days.find((x) => x.day === day);
    const isAvailable = d?.isAvailable ?? false;
    return {
      day,
      dayCode: DAY_CODES[i],
      isAvailable,
      timeSlots:
        isAvailable && d ? d.timeSlots.map((s) => ({ startTime: s.startTime, endTime: s.endTime })) : [],
    };
  });
}

function overrideValues(o: DateOverrideInput): OverrideValues {
  return {
    date: o.date,
    isAvailable: o.isAvailable,
    reason: o.reason ? o.reason : null,
    timeSlots: o.isAvailable ? o.timeSlots.map((s) => ({ startTime: s.startTime, endTime: s.endTime })) : [],
  };
}

function toDateOverride(o: DateOverrideRow): DateOverride {
  return { _id: o.id, date: o.date, isAvailable: o.isAvailable, reason: o.reason, timeSlots: o.timeSlots };
}

function toSchedule(
  row: ScheduleRow,
  overrides: DateOverrideRow[],
  eventTypeCount: number,
): AvailabilitySchedule {
  return {
    _id: row.id,
    name: row.name,
    timezone: row.timezone,
    isDefault: row.isDefault,
    schedule: row.weekly,
    dateOverrides: overrides.map(toDateOverride),
    bufferTimeBefore: row.bufferTimeBefore,
    bufferTimeAfter: row.bufferTimeAfter,
    minimumNotice: row.minimumNotice,
    maximumNotice: row.maximumNotice,
    eventTypeCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
