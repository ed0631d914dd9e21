import { z } from "zod";
import {
  type CustomHoliday,
  HOLIDAY_COUNTRIES,
  type Holiday,
  type HolidayCheck,
  type HolidaySettings,
} from "../holidays.js";
import { type Agrees, doneEnvelope, envelope } from "./shared.js";

const customHolidaySchema = z.object({
  _id: z.string(),
  name: z.string(),
  date: z.string(),
  endDate: z.string().nullable(),
});
true satisfies Agrees<z.input<typeof customHolidaySchema>, CustomHoliday>;

const holidaySchema = z.object({
  id: z.string(),
  date: z.string(),
  endDate: z.string(),
  name: z.string(),
  type: z.enum(["public", "optional", "custom"]),
  enabled: z.boolean(),
});
true satisfies Agrees<z.input<typeof holidaySchema>, Holiday>;

const holidaySettingsSchema = z.object({
  countryCode: z.enum(HOLIDAY_COUNTRIES).nullable(),
  disabledHolidays: z.array(z.string()),
  enabledHolidays: z.array(z.string()),
  customHolidays: z.array(customHolidaySchema),
  holidays: z.array(holidaySchema),
  years: z.array(z.number()),
});
true satisfies Agrees<z.input<typeof holidaySettingsSchema>, HolidaySettings>;

const holidayCheckSchema = z.object({ isHoliday: z.boolean(), holiday: holidaySchema.nullable() });
true satisfies Agrees<z.input<typeof holidayCheckSchema>, HolidayCheck>;

export const holidaysResponses = {
  settings: { 200: envelope(holidaySettingsSchema) },
  upcoming: { 200: envelope(z.array(holidaySchema)) },
  customAdded: { 201: envelope(customHolidaySchema) },
  deleted: { 200: doneEnvelope },
  check: { 200: envelope(holidayCheckSchema) },
};
