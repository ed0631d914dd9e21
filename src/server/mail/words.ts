import { Temporal } from "temporal-polyfill";
import { DEFAULT_LOCALE, intlTag, type Locale, matchLocale } from "../../contract/languages.js";
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

function format(locale: Locale, zone: string, kind: "date" | "time"): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${kind}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      intlTag(locale),
      kind === "date"
        ? { timeZone: zone, weekday: "long", month: "long", day: "numeric", year: "numeric" }
        : { timeZone: zone, hour: "numeric", minute: "2-digit" },
    );
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
    w = {
      locale,
      t: (id, values) => i18n._(id, values),
      when(instant, zone) {
        const date = format(locale, zone, "date").format(instant);
        if (locale !== "en") return { date, time: format(locale, zone, "time").format(instant) };
        const zdt = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone);
        return { date, time: formatTimeLabel(zdt.hour * 60 + zdt.minute) };
      },
    };
    words.set(locale, w);
  }
  return w;
}
