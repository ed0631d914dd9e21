import { z } from "zod";
import type {
  CustomHoliday,
  Holiday,
  HolidayCheck,
  HolidayCountryView,
  HolidaySettings,
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
  countryCode: z.string().nullable(),
  region: z.string().nullable(),
  disabledHolidays: z.array(z.string()),
  enabledHolidays: z.array(z.string()),
  customHolidays: z.array(customHolidaySchema),
  holidays: z.array(holidaySchema),
  years: z.array(z.number()),
});
true satisfies Agrees<z.input<typeof holidaySettingsSchema>, HolidaySettings>;

const holidayCheckSchema = z.object({ isHoliday: z.boolean(), holiday: holidaySchema.nullable() });
true satisfies Agrees<z.input<typeof holidayCheckSchema>, HolidayCheck>;

const countrySchema = z.object({
  code: z.string(),
  name: z.string(),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});
true satisfies Agrees<z.input<typeof countrySchema>, HolidayCountryView>;

export const holidaysResponses = {
  countries: { 200: envelope(z.array(countrySchema)) },
  settings: { 200: envelope(holidaySettingsSchema) },
  upcoming: { 200: envelope(z.array(holidaySchema)) },
  customAdded: { 201: envelope(customHolidaySchema) },
  deleted: { 200: doneEnvelope },
  check: { 200: envelope(holidayCheckSchema) },
};
