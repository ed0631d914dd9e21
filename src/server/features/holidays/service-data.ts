/**
 * The holiday data (the date-holidays package): every country it knows, with regions, and the public
 * and optional days of a place in a year, each computed once per process.
 */
import type { HolidayCountryView } from "../../../contract/holidays.js";
import { optionalDays } from "./service-optional.js";

type HolidaysCtor = typeof import("date-holidays").default;

/** A country (the contract's code) and, optionally, one of its regions. */
export interface HolidayPlace {
  country: string;
  region: string | null;
}

export interface DataHoliday {
  /** '{country}-{name slug}': the same every year and in every region of the country. */
  id: string;
  date: string;
  name: string;
}

/** The spec's UK is GB in the data (ISO 3166); the contract keeps UK so stored ids stay valid. */
const SPEC_CODES: Record<string, string> = { GB: "UK" };
const dataCode = (country: string) => (country === "UK" ? "GB" : country);

// The data package is large; it loads on first use, not at start-up.
let holidaysModule: Promise<typeof import("date-holidays")> | undefined;
async function holidaysClass(): Promise<HolidaysCtor> {
  holidaysModule ??= import("date-holidays");
  return (await holidaysModule).default;
}

let countries: Promise<HolidayCountryView[]> | undefined;

/** Every country of the data with its regions, by name (about 200 countries, 12 KB as JSON). */
export function holidayCountries(): Promise<HolidayCountryView[]> {
  countries ??= holidaysClass().then((Holidays) => {
    const data = new Holidays();
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");
    return Object.entries(data.getCountries("en"))
      .map(([code, name]) => ({
        code: SPEC_CODES[code] ?? code,
        name,
        regions: Object.entries(data.getStates(code, "en") ?? {})
          .map(([regionCode, regionName]) => ({ code: regionCode, name: regionName }))
          .sort(byName),
      }))
      .sort(byName);
  });
  return countries;
}

/** Why a place cannot be used, by field, or null when the data knows it. */
export async function placeProblem(place: HolidayPlace): Promise<Record<string, string> | null> {
  const country = (await holidayCountries()).find((c) => c.code === place.country);
  if (!country) return { countryCode: "Choose a country from the list" };
  if (place.region && !country.regions.some((r) => r.code === place.region))
    return { region: `Choose a region of ${country.name} from the list` };
  return null;
}

function slug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const placeKey = (place: HolidayPlace, year: number) => `${place.country}:${place.region ?? ""}:${year}`;
const publicCache = new Map<string, DataHoliday[]>();
const optionalCache = new Map<string, DataHoliday[]>();

/** Public holidays (type 'public' only) of a place and year: the country's and its region's. */
export async function publicHolidays(place: HolidayPlace, year: number): Promise<DataHoliday[]> {
  const key = placeKey(place, year);
  const cached = publicCache.get(key);
  if (cached) return cached;
  const Holidays = await holidaysClass();
  const options = { languages: ["en"], types: ["public" as const] };
  const data = place.region
    ? new Holidays(dataCode(place.country), place.region, options)
    : new Holidays(dataCode(place.country), options);
  const list = (data.getHolidays(year, "en") || [])
    .filter((h) => h.type === "public")
    .map((h) => ({ id: `${place.country}-${slug(h.name)}`, date: h.date.slice(0, 10), name: h.name }))
    .sort((a, b) => a.date.localeCompare(b.date));
  publicCache.set(key, list);
  return list;
}

/** Optional days (festivals, observances) of a place and year; each id is stable across years. */
export async function optionalHolidays(place: HolidayPlace, year: number): Promise<DataHoliday[]> {
  const key = placeKey(place, year);
  const cached = optionalCache.get(key);
  if (cached) return cached;
  const Holidays = await holidaysClass();
  const list = optionalDays(Holidays, dataCode(place.country), place.region, year).map((d) => ({
    id: `${place.country}-${slug(d.name)}`,
    date: d.date,
    name: d.name,
  }));
  optionalCache.set(key, list);
  return list;
}
