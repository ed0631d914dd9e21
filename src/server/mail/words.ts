import { DEFAULT_LOCALE, intlTag, type Locale, matchLocale } from "../../contract/languages.js";
import { ZoneOffsets } from "../../domain/availability/zone-offsets.js";
import { formatTimeLabel } from "../../domain/time-labels.js";
import type en from "../../i18n/mail/en.json";
import { i18nFor } from "../lib/catalogues.js";

export type MailMessageId = keyof typeof en;

/**
 * The words of mails and invites to an invitee, in the language stored on their booking (issue 27):
 * `t` takes a catalogue id of src/i18n/mail, `when` writes an instant's date and time on a zone's
 * wall clock in that language. English keeps the spec's texts ('Monday, March 15, 2027', '9:00am').
 */
export interface MailWords {
  locale: Locale;
  t(id: MailMessageId, values?: Record<string, unknown>): string;
  when(instant: Date, zone: string): { date: string; time: string };
}

const words = new Map<Locale, MailWords>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const DAY_MS = 86_400_000;

const FORMATS = {
  date: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  time: { hour: "numeric", minute: "2-digit" },
} as const;

/** A language's way of writing a UTC wall clock (every zone's time is written as its wall clock in UTC). */
function format(locale: Locale, kind: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlTag(locale), { timeZone: "UTC", ...FORMATS[kind] });
    dateFormats.set(key, f);
  }
  return f;
}

/** A bounded memo: mails write the same few days and times over and over. */
function remembered<K, V>(limit: number, compute: (key: K) => V): (key: K) => V {
  const kept = new Map<K, V>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (kept.size >= limit) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}

/** The words for a stored language ('de', or null and anything unknown: English). */
export function mailWords(language: string | null | undefined): MailWords {
  const locale = matchLocale(language) ?? DEFAULT_LOCALE;
  let w = words.get(locale);
  if (!w) {
    const i18n = i18nFor("mail", locale);
    // A date's words depend on the zone's wall-clock day alone, so they are written once per day: an
    // Intl format per instant cost a booking's mails several (its start and end, in two zones).
    const dateOf = remembered(400, (day: number) => format(locale, "date").format(day * DAY_MS));
    const timeOf = remembered(1440, (minute: number) =>
      locale === "en" ? formatTimeLabel(minute) : format(locale, "time").format(minute * 60_000),
    );
    w = {
      locale,
      t: (id, values) => i18n._(id, values),
      when(instant, zone) {
        const t = instant.getTime();
        // The zone's kept offsets (cached per zone and year), not Temporal or Intl with the zone: this
        // runs several times for every booking's mails.
        const wall = t + new ZoneOffsets(zone, t, t).offsetAt(t);
        const day = Math.floor(wall / DAY_MS);
        return { date: dateOf(day), time: timeOf(Math.floor((wall - day * DAY_MS) / 60_000)) };
      },
    };
    words.set(locale, w);
  }
  return w;
}
