import { Temporal } from "temporal-polyfill";
import type {
  CustomHoliday,
  CustomHolidayBody,
  Holiday,
  HolidayCheck,
  HolidayCountryView,
  HolidaySettings,
  HolidaySettingsBody,
} from "../../../contract/holidays.js";
import type { Db } from "../../db/client.js";
import type { CustomHolidayRow, UserRow } from "../../db/schema/index.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { createHolidaysRepo } from "./repo.js";
import {
  type HolidayPlace,
  holidayCountries,
  optionalHolidays,
  placeProblem,
  publicHolidays,
} from "./service-data.js";

export const MAX_CUSTOM_HOLIDAYS = 500;
/** blockedDates answers at most this many years at once; the slot engine asks for months. */
const MAX_BLOCKED_RANGE_DAYS = 3 * 366;

const TYPE_ORDER: Record<Holiday["type"], number> = { public: 0, optional: 1, custom: 2 };

const toCustom = (c: CustomHolidayRow): CustomHoliday => ({
  _id: c.id,
  name: c.name,
  date: c.startDate,
  endDate: c.startDate === c.endDate ? null : c.endDate,
});

const customToHoliday = (c: CustomHolidayRow): Holiday => ({
  id: c.id,
  date: c.startDate,
  endDate: c.endDate,
  name: c.name,
  type: "custom",
  enabled: true,
});

export function createHolidaysService(
  db: Db,
  deps: { now: () => Date; hostZone: (user: UserRow) => Promise<string> },
) {
  async function settingsOf(userId: string) {
    const row = await createHolidaysRepo(db).findSettings(userId);
    const countryCode = row?.countryCode ?? null;
    const region = countryCode ? (row?.region ?? null) : null;
    return {
      countryCode,
      region,
      place: countryCode ? ({ country: countryCode, region } as HolidayPlace) : null,
      disabled: new Set(row?.disabledHolidays ?? []),
      enabled: new Set(row?.enabledHolidays ?? []),
    };
  }

  async function hostToday(user: UserRow): Promise<string> {
    const zone = await deps.hostZone(user);
    return Temporal.Instant.fromEpochMilliseconds(deps.now().getTime())
      .toZonedDateTimeISO(zone)
      .toPlainDate()
      .toString();
  }

  /** Public and custom holidays touching the given years, sorted by date. */
  async function holidaysOf(userId: string, years: number[]): Promise<Holiday[]> {
    const { place, disabled, enabled } = await settingsOf(userId);
    const first = years[0];
    const last = years[years.length - 1];
    const customs = await createHolidaysRepo(db).listCustom(userId, {
      from: `${first}-01-01`,
      to: `${last}-12-31`,
    });
    const list: Holiday[] = customs.map(customToHoliday);
    if (place) {
      for (const year of years) {
        for (const p of await publicHolidays(place, year)) {
          list.push({ ...p, endDate: p.date, type: "public", enabled: !disabled.has(p.id) });
        }
        for (const o of await optionalHolidays(place, year)) {
          list.push({ ...o, endDate: o.date, type: "optional", enabled: enabled.has(o.id) });
        }
      }
    }
    // Public, then optional, then custom on the same day.
    return list.sort((a, b) => a.date.localeCompare(b.date) || TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
  }

  async function view(user: UserRow, year?: number): Promise<HolidaySettings> {
    const thisYear = Number((await hostToday(user)).slice(0, 4));
    const years = year ? [year] : [thisYear, thisYear + 1];
    const [{ countryCode, region, disabled, enabled }, customs, holidays] = await Promise.all([
      settingsOf(user.id),
      createHolidaysRepo(db).listCustom(user.id),
      holidaysOf(user.id, years),
    ]);
    return {
      countryCode,
      region,
      disabledHolidays: [...disabled],
      enabledHolidays: [...enabled],
      customHolidays: customs.map(toCustom),
      holidays,
      years,
    };
  }

  return {
    view,

    /** Every country of the holiday data, with its regions (the Holidays tab's searchable list). */
    countries: (): Promise<HolidayCountryView[]> => holidayCountries(),

    async update(user: UserRow, body: HolidaySettingsBody): Promise<HolidaySettings> {
      await db.transaction(async (tx) => {
        const repo = createHolidaysRepo(tx);
        const current = await repo.findSettings(user.id);
        const countryCode =
          body.countryCode !== undefined ? body.countryCode : (current?.countryCode ?? null);
        // A new country starts without a region (the old one belongs to the old country).
        const region =
          body.region !== undefined
            ? body.region
            : countryCode === (current?.countryCode ?? null)
              ? (current?.region ?? null)
              : null;
        if (countryCode) {
          const problem = await placeProblem({ country: countryCode, region });
          if (problem) throw new AppError("VALIDATION_ERROR", Object.values(problem)[0], problem);
        }
        await repo.upsertSettings(user.id, {
          countryCode,
          region: countryCode ? region : null,
          disabledHolidays: [...new Set(body.disabledHolidays ?? current?.disabledHolidays ?? [])],
          enabledHolidays: [...new Set(body.enabledHolidays ?? current?.enabledHolidays ?? [])],
        });
        if (body.customHolidays) {
          await repo.deleteAllCustom(user.id);
          await repo.insertCustom(
            user.id,
            body.customHolidays.map((c) => ({
              name: c.name,
              startDate: c.date,
              endDate: c.endDate ?? c.date,
            })),
          );
        }
      });
      return view(user);
    },

    /** The next enabled holidays from today (in the host's zone), including one in progress. */
    async upcoming(user: UserRow, limit: number): Promise<Holiday[]> {
      const today = await hostToday(user);
      const year = Number(today.slice(0, 4));
      const list = await holidaysOf(user.id, [year, year + 1]);
      return list.filter((h) => h.enabled && h.endDate >= today).slice(0, limit);
    },

    async addCustom(userId: string, body: CustomHolidayBody): Promise<CustomHoliday> {
      const repo = createHolidaysRepo(db);
      if ((await repo.countCustom(userId)) >= MAX_CUSTOM_HOLIDAYS) {
        throw badRequest(`You can add at most ${MAX_CUSTOM_HOLIDAYS} custom holidays.`);
      }
      const [row] = await repo.insertCustom(userId, [
        { name: body.name, startDate: body.date, endDate: body.endDate ?? body.date },
      ]);
      return toCustom(row);
    },

    async deleteCustom(userId: string, id: string): Promise<void> {
      if (!(await createHolidaysRepo(db).deleteCustom(userId, id))) throw notFound("Holiday not found");
    },

    /** Whether an enabled holiday falls on the date; a switched-off public holiday does not count. */
    async check(userId: string, date: string): Promise<HolidayCheck> {
      const { place, disabled, enabled } = await settingsOf(userId);
      const [custom] = await createHolidaysRepo(db).listCustom(userId, { from: date, to: date });
      if (custom) return { isHoliday: true, holiday: customToHoliday(custom) };
      if (place) {
        const match = (await publicHolidays(place, Number(date.slice(0, 4)))).find(
          (p) => p.date === date && !disabled.has(p.id),
        );
        if (match) {
          return {
            isHoliday: true,
            holiday: { ...match, endDate: match.date, type: "public", enabled: true },
          };
        }
        const optional = (await optionalHolidays(place, Number(date.slice(0, 4)))).find(
          (o) => o.date === date && enabled.has(o.id),
        );
        if (optional) {
          return {
            isHoliday: true,
            holiday: { ...optional, endDate: optional.date, type: "optional", enabled: true },
          };
        }
      }
      return { isHoliday: false, holiday: null };
    },

    /**
     * Local dates (YYYY-MM-DD, in the host's zone) from `fromDate` to `toDate`
     * inclusive on which the host takes no bookings: enabled public holidays,
     * optional days switched on, and every day of each custom holiday. Sorted, no duplicates.
     */
    async blockedDates(userId: string, fromDate: string, toDate: string): Promise<string[]> {
      const from = Temporal.PlainDate.from(fromDate);
      const to = Temporal.PlainDate.from(toDate);
      if (Temporal.PlainDate.compare(from, to) > 0) return [];
      if (from.until(to).days > MAX_BLOCKED_RANGE_DAYS) throw badRequest("Date range is too long");
      const years: number[] = [];
      for (let y = from.year; y <= to.year; y++) years.push(y);
      const blocked = new Set<string>();
      const { place, disabled, enabled } = await settingsOf(userId);
      if (place) {
        for (const year of years) {
          for (const p of await publicHolidays(place, year)) {
            if (!disabled.has(p.id) && p.date >= fromDate && p.date <= toDate) blocked.add(p.date);
          }
          for (const o of await optionalHolidays(place, year)) {
            if (enabled.has(o.id) && o.date >= fromDate && o.date <= toDate) blocked.add(o.date);
          }
        }
      }
      for (const c of await createHolidaysRepo(db).listCustom(userId, { from: fromDate, to: toDate })) {
        let day = Temporal.PlainDate.from(c.startDate > fromDate ? c.startDate : fromDate);
        const end = Temporal.PlainDate.from(c.endDate < toDate ? c.endDate : toDate);
        while (Temporal.PlainDate.compare(day, end) <= 0) {
          blocked.add(day.toString());
          day = day.add({ days: 1 });
        }
      }
      return [...blocked].sort();
    },
  };
}

export type HolidaysService = ReturnType<typeof createHolidaysService>;
