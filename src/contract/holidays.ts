import { z } from "zod";
import { dateSchema, isValidDate } from "./availability.js";

/**
 * Countries are those the holiday data (the date-holidays package) knows, about 200, by ISO 3166 code
 * (GET /holidays/countries lists them with their regions). The United Kingdom keeps the spec's code UK
 * (section 2: IN, US, UK, CA), which the data calls GB, so stored choices and holiday ids stay valid.
 */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
/** A region (state, province, nation) code as the data writes it: 'CA', 'SCT', 'KA'. */
export const REGION_CODE_PATTERN = /^[A-Z0-9]{1,4}$/;

/** GET /holidays/countries: one entry per country, sorted by name. */
export interface HolidayCountryView {
  code: string;
  name: string;
  /** The regions with holidays of their own; empty when the data has none for the country. */
  regions: { code: string; name: string }[];
}
/** Longest custom holiday range, in days. */
export const CUSTOM_HOLIDAY_MAX_DAYS = 366;

const customHolidayFields = {
  name: z.string().trim().min(1, "Name is required").max(100),
  /** First day off (YYYY-MM-DD, in the host's zone). */
  date: dateSchema,
  /** Last day off, inclusive; omit or null for a single day. */
  endDate: dateSchema.nullish(),
};

function checkRange(h: { date: string; endDate?: string | null }, ctx: z.RefinementCtx): void {
  if (!h.endDate || !isValidDate(h.date) || !isValidDate(h.endDate)) return;
  const days = (Date.parse(h.endDate) - Date.parse(h.date)) / 86_400_000;
  if (days < 0)
    ctx.addIssue({
      code: "custom",
      path: ["endDate"],
      message: "End date must not be before the start date",
    });
  else if (days >= CUSTOM_HOLIDAY_MAX_DAYS) {
    ctx.addIssue({
      code: "custom",
      path: ["endDate"],
      message: `A holiday can span at most ${CUSTOM_HOLIDAY_MAX_DAYS} days`,
    });
  }
}

/** POST /holidays/custom */
export const customHolidayBody = z.object(customHolidayFields).strict().superRefine(checkRange);
export type CustomHolidayBody = z.infer<typeof customHolidayBody>;

/**
 * PUT /holidays: every field optional. disabledHolidays lists public holiday ids
 * (Holiday.id) switched off; customHolidays, when given, replaces them all.
 */
export const holidaySettingsBody = z
  .object({
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(COUNTRY_CODE_PATTERN, "Choose a country from the list")
      .nullable()
      .optional(),
    /** A region of the country for its regional holidays; null for the country's holidays only. */
    region: z
      .string()
      .trim()
      .toUpperCase()
      .regex(REGION_CODE_PATTERN, "Choose a region from the list")
      .nullable()
      .optional(),
    disabledHolidays: z.array(z.string().min(1).max(120)).max(500).optional(),
    /** Optional days (Holiday.type 'optional': festivals, observances) switched on; all others stay off. */
    enabledHolidays: z.array(z.string().min(1).max(120)).max(500).optional(),
    customHolidays: z
      .array(
        z
          .object({ ...customHolidayFields, _id: z.string().optional() })
          .strict()
          .superRefine(checkRange),
      )
      .max(500)
      .optional(),
    // Computed list the tab may echo back; ignored.
    holidays: z.array(z.unknown()).optional(),
  })
  .strict();
export type HolidaySettingsBody = z.infer<typeof holidaySettingsBody>;

/** GET /holidays/upcoming?limit= (1 to 50, default 5). */
export const upcomingQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) });
/** GET /holidays?year= shows that year only; without it the current and next year. */
export const holidaysQuery = z.object({ year: z.coerce.number().int().min(1970).max(2200).optional() });
export const holidayDateParams = z.object({ date: dateSchema });

// ---- responses ----

export interface CustomHoliday {
  _id: string;
  name: string;
  date: string;
  endDate: string | null;
}

export interface Holiday {
  /**
   * Public and optional: '{country}-{name slug}', the same every year, so switching one off
   * keeps it off in later years ('US-independence-day'). Custom: the custom holiday's _id.
   */
  id: string;
  /** First day (YYYY-MM-DD). */
  date: string;
  /** Last day, inclusive; equals date for single days. */
  endDate: string;
  name: string;
  /** optional: a festival or observance of the country, off until the host switches it on. */
  type: "public" | "optional" | "custom";
  enabled: boolean;
}

/** GET and PUT /holidays */
export interface HolidaySettings {
  countryCode: string | null;
  /** The region whose holidays are added to the country's; null for the country's only. */
  region: string | null;
  disabledHolidays: string[];
  /** Optional days switched on (ids as Holiday.id). */
  enabledHolidays: string[];
  customHolidays: CustomHoliday[];
  /** Public holidays of the country and custom holidays of the years shown, sorted by date. */
  holidays: Holiday[];
  years: number[];
}

/** GET /holidays/check/:date */
export interface HolidayCheck {
  isHoliday: boolean;
  /** The enabled holiday on that date, if any. */
  holiday: Holiday | null;
}

/** GET /holidays/upcoming: data is Holiday[] (enabled only, from today in the host's zone). */
export type UpcomingHolidays = Holiday[];
