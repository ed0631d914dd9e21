import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { DaySchedule, TimeSlot } from "../../../contract/availability.js";
import type { BookingLimits } from "../../../contract/booking-limits.js";
import type { NotificationSettings, SyncSettings } from "../../../contract/calendar-settings.js";
import { users } from "./users.js";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A weekly schedule. The week is one jsonb value: it is always read and
 * written whole (seven days, a few slots each) and validated before it lands.
 */
export const availabilitySchedules = pgTable(
  "availability_schedules",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    timezone: text("timezone").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    weekly: jsonb("weekly").$type<DaySchedule[]>().notNull(),
    bufferTimeBefore: integer("buffer_time_before").notNull().default(0),
    bufferTimeAfter: integer("buffer_time_after").notNull().default(0),
    /** Minutes. */
    minimumNotice: integer("minimum_notice").notNull().default(0),
    /** Days. */
    maximumNotice: integer("maximum_notice").notNull().default(60),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("availability_schedules_user_idx").on(t.userId),
    // At most one default per host, whatever races the API loses.
    uniqueIndex("availability_schedules_one_default_key").on(t.userId).where(sql`${t.isDefault}`),
    check(
      "availability_schedules_numbers_check",
      sql`${t.bufferTimeBefore} >= 0 and ${t.bufferTimeAfter} >= 0 and ${t.minimumNotice} >= 0 and ${t.maximumNotice} >= 1`,
    ),
  ],
);

/** One override per schedule and date; posting the same date again replaces it. */
export const dateOverrides = pgTable(
  "date_overrides",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    scheduleId: uuid("schedule_id")
      .notNull()
      .references(() => availabilitySchedules.id, { onDelete: "cascade" }),
    // Denormalised so every query can be scoped to the host without a join.
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    isAvailable: boolean("is_available").notNull(),
    reason: text("reason"),
    timeSlots: jsonb("time_slots").$type<TimeSlot[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("date_overrides_schedule_date_key").on(t.scheduleId, t.date),
    index("date_overrides_user_idx").on(t.userId),
  ],
);

/** Created on first read; absent means the defaults. */
export const holidaySettings = pgTable("holiday_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** A country of the holiday data (ISO 3166, with UK for GB) or null for none. */
  countryCode: text("country_code"),
  /** A region of that country (its regional holidays are added), or null. */
  region: text("region"),
  /** Ids of public holidays switched off; they stay off every year. */
  disabledHolidays: jsonb("disabled_holidays").$type<string[]>().notNull().default([]),
  /** Ids of optional days (festivals, observances) switched on; off unless listed. */
  enabledHolidays: jsonb("enabled_holidays").$type<string[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

export const customHolidays = pgTable(
  "custom_holidays",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** Inclusive; equals startDate for one day. */
    endDate: date("end_date", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("custom_holidays_user_idx").on(t.userId, t.startDate),
    check("custom_holidays_range_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** Created on first read with the defaults of contract/calendar-settings.ts. */
export const calendarSettings = pgTable("calendar_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bufferTime: integer("buffer_time").notNull(),
  minimumNotice: integer("minimum_notice").notNull(),
  sync: jsonb("sync").$type<SyncSettings>().notNull(),
  notifications: jsonb("notifications").$type<NotificationSettings>().notNull(),
  /** Limits across all of the host's event types (issue 28, item 4); {} is none. */
  bookingLimits: jsonb("booking_limits").$type<BookingLimits>().notNull().default({}),
  updatedAt: updatedAt(),
});

export type ScheduleRow = typeof availabilitySchedules.$inferSelect;
export type DateOverrideRow = typeof dateOverrides.$inferSelect;
export type HolidaySettingsRow = typeof holidaySettings.$inferSelect;
export type CustomHolidayRow = typeof customHolidays.$inferSelect;
export type CalendarSettingsRow = typeof calendarSettings.$inferSelect;
