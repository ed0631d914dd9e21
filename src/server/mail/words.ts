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

const FORMATS = {
  date: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  time: { hour: "numeric", minute: "2-digit" },
} as const;

function format(locale: Locale, zone: string, kind: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${kind}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlTag(locale), { timeZone: zone, ...FORMATS[kind] });
    dateFormats.set(key, f);
  }
  return f;
}

/** The words for a stored language ('de', or null and anything unknown: English). */
export function mailWords(language: string | null | undefined): MailWords {
  const locale = matchLocale(language) ?? DEFAULT_LOCALE;
  let w = words.get(locale);
  if (!w) {
    const i18n = i18nFor("mail", locale);
    const recent = new Map<string, { date: string; time: string }>();
    w = {
      locale,
      t: (id, values) => i18n._(id, values),
      when(instant, zone) {
        // A booking's mails write its start and end several times each (subjects, lines, both copies).
        const key = `${zone}|${instant.getTime()}`;
        let written = recent.get(key);
        if (!written) {
          const date = format(locale, zone, "date").format(instant);
          if (locale !== "en") written = { date, time: format(locale, zone, "time").format(instant) };
          else {
            // The zone's kept offsets, not Temporal: this runs for every mail of every booking.
            const t = instant.getTime();
            const wall = t + new ZoneOffsets(zone, t, t).offsetAt(t);
            written = { date, time: formatTimeLabel(Math.floor(wall / 60_000) % 1440) };
          }
          if (recent.size >= 200) recent.clear();
          recent.set(key, Object.freeze(written));
        }
        return written;
      },
    };
    words.set(locale, w);
  }
  return w;
}
