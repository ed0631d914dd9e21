/**
 * Optional days of a country: what the holiday data (date-holidays) marks as `optional` or
 * `observance`. A host switches each on by itself; once on, it blocks the day like a public holiday.
 *
 * India's entry in the data has only its six national holidays, so its widely observed festivals are
 * taken from the same data where it has them: the Hindu festivals from Mauritius' and Suriname's
 * entries (dated there year by year, 2020 to 2050 and to 2030), the Islamic ones from the data's Hijri
 * calendar, one day later than the calculated date, as India's moon sighting falls (it matches the
 * Government of India's 2024 and 2025 lists). Where India's own date differs from the borrowed one,
 * INDIA_DATE_FIXES says so.
 */

type HolidaysCtor = typeof import("date-holidays").default;

export interface OptionalDay {
  date: string;
  name: string;
}

const BORROWED: Record<string, { name: string; from: string; match: RegExp }[]> = {
  IN: [
    { name: "Maha Shivaratri", from: "MU", match: /shivarat/i },
    { name: "Holi", from: "SR", match: /^holi/i },
    { name: "Ganesh Chaturthi", from: "MU", match: /ganesh/i },
    { name: "Diwali", from: "MU", match: /^divali$/i },
  ],
};

const HIJRI: Record<string, [rule: string, name: string][]> = {
  IN: [
    ["2 Shawwal", "Eid al-Fitr"],
    ["11 Dhu al-Hijjah", "Eid al-Adha (Bakrid)"],
    ["11 Muharram", "Muharram"],
    ["13 Rabi al-awwal", "Milad-un-Nabi"],
  ],
};

/** India's date where the borrowed one is a day off (Government of India lists; Holi 2026 follows the full moon of the 3rd). */
const INDIA_DATE_FIXES: Record<string, Record<number, string>> = {
  Holi: { 2026: "2026-03-04" },
  Diwali: { 2024: "2024-10-31" },
  "Ganesh Chaturthi": { 2025: "2025-08-27" },
};

const OPTIONAL_TYPES = new Set(["optional", "observance"]);

/** The optional days of a country (its code in the holiday data) and region in a year, sorted, one per name. */
export function optionalDays(
  Holidays: HolidaysCtor,
  dataCountry: string,
  region: string | null,
  year: number,
): OptionalDay[] {
  const options = { languages: ["en"], types: ["optional" as const, "observance" as const] };
  const data = region ? new Holidays(dataCountry, region, options) : new Holidays(dataCountry, options);
  for (const [rule, name] of HIJRI[dataCountry] ?? []) {
    data.setHoliday(rule, { name: { en: name }, type: "optional" });
  }
  const days: OptionalDay[] = (data.getHolidays(year, "en") || [])
    .filter((h) => OPTIONAL_TYPES.has(h.type))
    .map((h) => ({ date: h.date.slice(0, 10), name: h.name }));
  for (const b of BORROWED[dataCountry] ?? []) {
    const source = new Holidays(b.from, { languages: ["en"] });
    const found = (source.getHolidays(year, "en") || []).find((h) => b.match.test(h.name));
    const date = INDIA_DATE_FIXES[b.name]?.[year] ?? found?.date.slice(0, 10);
    if (date) days.push({ date, name: b.name });
  }
  const seen = new Set<string>();
  return days
    .sort((a, b) => a.date.localeCompare(b.date))
    .filter((d) => !seen.has(d.name) && seen.add(d.name));
}
