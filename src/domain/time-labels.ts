import { Temporal } from "temporal-polyfill";

/**
 * 12-hour labels such as '9:00am' and '12:30pm', as the API and the editor use them.
 *
 * A label names a wall-clock minute of a local day, 0..1439 ('12:00am' = 0, '12:00pm' = 720).
 * Read as the END of a time slot, '12:00am' means the end of that day (1440), so
 * '10:00pm'-'12:00am' is a two-hour slot; no other label can mean 1440 and no label
 * can end a slot at the very start of a day. Parsing accepts a leading zero, upper case and
 * one space before am/pm ('09:00 AM'); formatting always gives the canonical '9:00am'.
 */

const LABEL = /^(0?[1-9]|1[0-2]):([0-5]\d)\s?(am|pm)$/i;

export const MINUTES_PER_DAY = 1440;

/** Minutes after local midnight, or undefined for anything that is not a label. As an end, '12:00am' is 1440. */
export function parseTimeLabel(label: string, as: "start" | "end" = "start"): number | undefined {
  if (typeof label !== "string") return undefined;
  const m = LABEL.exec(label.trim());
  if (!m) return undefined;
  const hour = (Number(m[1]) % 12) + (m[3].toLowerCase() === "pm" ? 12 : 0);
  const minutes = hour * 60 + Number(m[2]);
  return as === "end" && minutes === 0 ? MINUTES_PER_DAY : minutes;
}

/** '9:00am' for 540. 1440 (the end of a day) reads '12:00am'; other values outside 0..1440 are refused. */
export function formatTimeLabel(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MINUTES_PER_DAY) {
    throw new RangeError(`Not a minute of the day: ${minutes}`);
  }
  const m = minutes % MINUTES_PER_DAY;
  const hour = Math.floor(m / 60);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(m % 60).padStart(2, "0")}${hour < 12 ? "am" : "pm"}`;
}

export function isValidTimeLabel(label: string): boolean {
  return parseTimeLabel(label) !== undefined;
}

/** The canonical spelling of a label ('09:00 AM' -> '9:00am'), or undefined when it is not one. */
export function normalizeTimeLabel(label: string): string | undefined {
  const minutes = parseTimeLabel(label);
  return minutes === undefined ? undefined : formatTimeLabel(minutes);
}

/** The editor's choices: every 15 minutes from '12:00am' to '11:45pm' (96 labels). */
export const TIME_CHOICES: readonly string[] = Object.freeze(
  Array.from({ length: MINUTES_PER_DAY / 15 }, (_, i) => formatTimeLabel(i * 15)),
);

/**
 * True for a time zone name of the IANA database that this runtime knows ('Asia/Kathmandu',
 * 'UTC', also legacy aliases such as 'Asia/Calcutta'). Fixed offsets such as '+05:30' are
 * refused: a schedule needs a zone with rules, not an offset.
 */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  if (/^[+-]/.test(zone)) return false;
  try {
    Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}
