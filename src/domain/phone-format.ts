import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A stored number as hosts read it: E.164 in international format ("+1 415 555 0134"); anything else
 * (the digits of a booking from before E.164, whose country nobody knows, or a contact's own text) as
 * it is. Apart from src/domain/phone.ts so the host's screens load no zone data.
 */
export function formatPhone(stored: string): string {
  if (!stored.startsWith("+")) return stored;
  let formatted = recentlyFormatted.get(stored);
  if (formatted === undefined) {
    const parsed = parsePhoneNumberFromString(stored);
    formatted = parsed?.isValid() ? parsed.formatInternational() : stored;
    // A booking's mails format its invitee's number several times; parsing costs ~20 µs each.
    if (recentlyFormatted.size >= 1000) recentlyFormatted.clear();
    recentlyFormatted.set(stored, formatted);
  }
  return formatted;
}

/** Numbers formatted lately (bounded: cleared when full). */
const recentlyFormatted = new Map<string, string>();
