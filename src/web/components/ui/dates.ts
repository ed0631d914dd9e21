/**
 * Pure calendar-string helpers for MonthCalendar. Dates are 'YYYY-MM-DD', months 'YYYY-MM'.
 * Only Date.UTC arithmetic is used, so the browser's timezone never shifts a day.
 */
import { intlLocale } from "../../lib/i18n";

const pad = (n: number) => String(n).padStart(2, "0");

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function parseMonth(month: string): [number, number] {
  const [y, m] = month.split("-").map(Number);
  return [y, m];
}

function fromUtc(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function toUtc(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d);
}

/** Number of days in 'YYYY-MM'. */
export function daysInMonth(month: string): number {
  const [y, m] = parseMonth(month);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(toUtc(date)).getUTCDay();
}

/** All 'YYYY-MM-DD' strings of a month, in order. */
export function daysOfMonth(month: string): string[] {
  return Array.from({ length: daysInMonth(month) }, (_, i) => `${month}-${pad(i + 1)}`);
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * 86_400_000);
}

export function addMonths(month: string, delta: number): string {
  const [y, m] = parseMonth(month);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** A calendar date's words in the page's language (issue 27); English on the host's pages. */
export function formatCalendar(date: string, options: Intl.DateTimeFormatOptions): string {
  const locale = intlLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formats.set(key, f);
  }
  return f.format(toUtc(date));
}

/** 'March 2027'. */
export function formatMonth(month: string): string {
  return formatCalendar(`${month}-01`, { month: "long", year: "numeric" });
}

/** 'Monday, March 15, 2027'. */
export function formatLongDate(date: string): string {
  return formatCalendar(date, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
}
