/**
 * Local calendar dates as whole day numbers (days since 1970-01-01), so the engine can walk,
 * compare and look up dates with integer arithmetic. Pure proleptic Gregorian arithmetic: no
 * zone is involved, and nothing here reads the server's clock or zone.
 */

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number of a civil date (Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Civil date of a day number (Hinnant's civil_from_days). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Day number of 'YYYY-MM-DD', or undefined when it is not a real date (2026-02-30 is refused). */
export function parseDate(date: string): number | undefined {
  if (typeof date !== "string") return undefined;
  const m = DATE.exec(date);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const n = daysFromCivil(year, month, day);
  const back = civilFromDays(n);
  return back.month === month && back.day === day ? n : undefined;
}

export function isValidDate(date: string): boolean {
  return parseDate(date) !== undefined;
}

/** 'YYYY-MM-DD' of a day number. */
export function formatDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** 0 = Sunday .. 6 = Saturday (1970-01-01 was a Thursday). */
export function weekdayIndex(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}
