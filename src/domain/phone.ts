/**
 * Invitees' phone numbers (issue 14, item 8): parsed and checked with libphonenumber-js, stored as
 * E.164, shown to hosts in international format. The country of a zone comes from the zones CLDR
 * lists per country (Intl.Locale's time zones), never from a list of our own. Shared by the server
 * and, loaded lazily, by the booking page.
 */
import metadata from "libphonenumber-js/metadata.min.json";
import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js/min";

export { formatPhone } from "./phone-format.js";
export type { CountryCode };

const COUNTRIES = new Set<string>(getCountries());

export function isPhoneCountry(code: string | undefined | null): code is CountryCode {
  return !!code && COUNTRIES.has(code);
}

let zoneCountries: Map<string, CountryCode> | undefined;

/** Zone to country, from CLDR: each country's zones (`new Intl.Locale("und-DE").getTimeZones()`). */
function zoneMap(): Map<string, CountryCode> {
  if (zoneCountries) return zoneCountries;
  zoneCountries = new Map();
  for (const code of getCountries()) {
    const locale = new Intl.Locale(`und-${code}`) as Intl.Locale & {
      getTimeZones?: () => string[] | undefined;
      timeZones?: string[];
    };
    // getTimeZones() in current engines, the timeZones getter in older ones; Firefox has neither.
    const zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
    for (const zone of zones) if (!zoneCountries.has(zone)) zoneCountries.set(zone, code);
  }
  return zoneCountries;
}

/** The engine's own name of a zone: Asia/Kolkata and Asia/Calcutta are one zone, listed under one name. */
function canonicalZone(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Zones that are not a country's own name, answered once: building a formatter costs about 0.1 ms. */
const aliasCountries = new Map<string, CountryCode | undefined>();
const ALIAS_CACHE_MAX = 1000;

/** The country a zone belongs to: Europe/Berlin is DE; UTC (and an engine without the data) has none. */
export function countryOfZone(zone: string | undefined | null): CountryCode | undefined {
  if (!zone) return undefined;
  const map = zoneMap();
  const found = map.get(zone);
  if (found) return found;
  if (aliasCountries.has(zone)) return aliasCountries.get(zone);
  const canonical = canonicalZone(zone);
  const country = canonical ? map.get(canonical) : undefined;
  // Only names the engine knows are kept, so junk sent by a caller cannot fill the cache.
  if (canonical && aliasCountries.size < ALIAS_CACHE_MAX) aliasCountries.set(zone, country);
  return country;
}

let regionNames: Intl.DisplayNames | undefined;

/** "United States" for US, in English (the product's language). */
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export const callingCode = (code: CountryCode) => `+${getCountryCallingCode(code)}`;

/** Every country libphonenumber knows, by English name, with its calling code (the form's selector). */
export function phoneCountries(): { code: CountryCode; name: string; callingCode: string }[] {
  return getCountries()
    .map((code) => ({ code, name: countryName(code), callingCode: callingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

export type PhoneCheck =
  | { ok: true; e164: string; country: CountryCode | undefined }
  | { ok: false; message: string };

/** The message of a number that is not valid: naming the country it was read for, when there is one. */
export function invalidPhoneMessage(country: string | undefined): string {
  return country
    ? `Enter a valid phone number for ${countryName(country)}`
    : "Enter a valid phone number with its country code, e.g. +1 415 555 0134";
}

/**
 * Reads what an invitee typed. A leading "+" (or "00") carries its own country; otherwise the number is
 * national to `country`. `digitsFallback` (API callers that named no country) also accepts digits that
 * start with their country code, as the old digits-only form stored them ("14155550134").
 */
export function checkPhone(
  raw: string,
  country: CountryCode | undefined,
  options: { digitsFallback?: boolean } = {},
): PhoneCheck {
  const text = raw.trim().replace(/^00(?=\d)/, "+");
  const international = text.startsWith("+");
  const parsed = parsePhoneNumberFromString(text, international ? undefined : country);
  if (parsed?.isValid()) return { ok: true, e164: parsed.number, country: parsed.country };
  if (!international && options.digitsFallback) {
    const digits = parsePhoneNumberFromString(`+${text.replace(/\D+/g, "")}`);
    if (digits?.isValid()) return { ok: true, e164: digits.number, country: digits.country };
  }
  // A "+" number names its own country: say which, if its calling code tells.
  const named = international ? parsed?.country : country;
  return { ok: false, message: invalidPhoneMessage(named) };
}

/**
 * The country a "+..." number being typed belongs to, as soon as its calling code tells: the current
 * one when it shares that code (+1 for a Canadian stays CA), else the code's main country (+1: US)
 * until the rest of the number names another.
 */
export function countryOfTyped(raw: string, current?: CountryCode): CountryCode | undefined {
  const text = raw.trim().replace(/^00(?=\d)/, "+");
  if (!text.startsWith("+")) return undefined;
  const typing = new AsYouType();
  typing.input(text);
  const found = typing.getCountry();
  if (found) return found;
  const code = typing.getCallingCode();
  if (!code) return undefined;
  if (current && getCountryCallingCode(current) === code) return current;
  const main = (metadata.country_calling_codes as Record<string, string[]>)[code]?.[0];
  return isPhoneCountry(main) ? main : undefined;
}

export type InviteePhone = { ok: true; phone: string } | { ok: false; message: string };

/**
 * The phone a booking keeps, under its rule (phoneRule: the event type's setting, or "required" for a
 * phone call): "" when hidden (a number sent is ignored) or optional and left empty, else E.164.
 * `phoneCountry` is the booking page's country selector; without it the invitee's zone gives the
 * country and digits that carry their country code are accepted too (the old form's format).
 */
export function inviteePhone(
  attendee: { phone: string; phoneCountry?: string; timezone: string },
  rule: "required" | "optional" | "hidden",
): InviteePhone {
  if (rule === "hidden") return { ok: true, phone: "" };
  const raw = attendee.phone.trim();
  if (!raw)
    return rule === "required" ? { ok: false, message: "Phone is required" } : { ok: true, phone: "" };
  if (attendee.phoneCountry && !isPhoneCountry(attendee.phoneCountry)) {
    return { ok: false, message: "Choose the country of your phone number" };
  }
  const picked = attendee.phoneCountry;
  const country = isPhoneCountry(picked) ? picked : countryOfZone(attendee.timezone);
  const checked = checkPhone(raw, country, { digitsFallback: !attendee.phoneCountry });
  return checked.ok ? { ok: true, phone: checked.e164 } : checked;
}
