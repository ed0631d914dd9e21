import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * A stored number as hosts read it: E.164 in international format ("+1 415 555 0134"); anything else
 * (the digits of a booking from before E.164, whose country nobody knows, or a contact's own text) as
 * it is. Apart from src/domain/phone.ts so the host's screens load no zone data.
 */
export function formatPhone(stored: string): string {
  if (!stored.startsWith("+")) return stored;
  const parsed = parsePhoneNumberFromString(stored);
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}
