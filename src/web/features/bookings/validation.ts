import { MAX_GUESTS } from "../../../contract/booking-constants";
import type { PhoneFieldMode, Question } from "../../../contract/event-types";
import { t } from "../../lib/i18n";
import type { PhoneLib } from "./phoneLib";

/**
 * The booking form's checks, with the same limits and messages as the contract's attendeeSchema
 * (src/contract/bookings.ts). They are repeated here on purpose: importing the schema would load zod
 * into the public booking page; the server validates again and its per-field errors are shown too.
 */

export { MAX_GUESTS };

export interface DetailsValues {
  name: string;
  email: string;
  phone: string;
  /** The country chosen for a number typed without "+" ('' = the one of the invitee's zone). */
  phoneCountry: string;
  message: string;
  guests: string[];
  /** The chosen location's index when the event type offers several ('' = the first one). */
  locationType: string;
  /** Where to meet, when the chosen location asks the invitee. */
  location: string;
  /** Answers by question index. */
  answers: Record<number, string>;
}

/** The form's start; ?name=, ?email= and ?phone= prefill it (a host's "Schedule Meeting" link). */
export const emptyDetails = (prefill?: {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}): DetailsValues => ({
  name: prefill?.name?.slice(0, 100) ?? "",
  email: prefill?.email?.slice(0, 254) ?? "",
  phone: phoneChars(prefill?.phone ?? "").slice(0, 40),
  phoneCountry: "",
  message: "",
  guests: [],
  locationType: "",
  location: "",
  answers: {},
});

export type FieldErrors = Partial<Record<string, string>>;

// Deliberately simple (one @, a dot in the domain, no spaces); the server has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/**
 * What a phone number may hold as it is typed or pasted: digits, spaces and + ( ) - . / (issue 14
 * item 8 takes international numbers where the spec had digits only; letters are still dropped).
 */
export const phoneChars = (value: string) => value.replace(/[^0-9+()\-.\s/]+/g, "");

/** How the form checks the phone: the rule for this booking, the phone rules once loaded, the country. */
export interface PhoneCheckContext {
  rule: PhoneFieldMode;
  lib?: PhoneLib;
  country: string;
}

export function validateName(v: string): string | undefined {
  if (!v.trim()) return t("validation.nameRequired");
  if (v.trim().length > 100) return t("validation.nameTooLong");
}

export function validateEmail(v: string): string | undefined {
  if (!v.trim()) return t("validation.emailRequired");
  if (!isEmail(v.trim())) return t("validation.emailInvalid");
}

export function validatePhone(v: string, ctx: PhoneCheckContext): string | undefined {
  if (ctx.rule === "hidden") return undefined;
  if (!v.trim()) return ctx.rule === "required" ? t("validation.phoneRequired") : undefined;
  if (v.length > 40) return t("validation.phoneTooLong");
  // Before the rules load (a moment at most), the server checks the number.
  if (!ctx.lib) return v.replace(/\D+/g, "").length < 4 ? t("validation.phoneTooShort") : undefined;
  const country = ctx.lib.isPhoneCountry(ctx.country) ? ctx.country : undefined;
  const checked = ctx.lib.checkPhone(v, country);
  return checked.ok ? undefined : checked.message;
}

export function validateGuest(email: string, current: string[]): string | undefined {
  if (!isEmail(email)) return t("validation.guestInvalid", { email });
  if (current.includes(email.toLowerCase())) return t("validation.guestDuplicate");
  if (current.length >= MAX_GUESTS) return t("validation.guestsMax", { max: MAX_GUESTS });
}

export function validateAnswer(q: Question, v: string | undefined): string | undefined {
  if (q.required && !v?.trim()) return t("validation.required");
  if (v && v.length > 5000) return t("validation.answerTooLong");
}

export function validateLocation(v: string): string | undefined {
  if (!v.trim()) return t("validation.locationRequired");
}

/**
 * Which of the event type's locations the invitee is booking: their pick (its index, as the picker
 * stores it; a type name from before also works), else the first.
 */
export function chosenLocationIndex(locations: { type: string }[], values: DetailsValues): number {
  const pick = values.locationType;
  if (!pick) return 0;
  const index = /^\d+$/.test(pick) ? Number(pick) : locations.findIndex((l) => l.type === pick);
  return index >= 0 && index < locations.length ? index : 0;
}

/** The type of the location the invitee is booking: their pick, else the event type's first. */
export function chosenLocationType(locations: { type: string }[], values: DetailsValues): string | undefined {
  return locations[chosenLocationIndex(locations, values)]?.type;
}

/** All errors of the form, keyed by field ('name', 'email', 'phone', 'location', 'message', 'q-{index}'). */
export function validateDetails(
  values: DetailsValues,
  questions: Question[],
  asksLocation: boolean,
  phone: PhoneCheckContext,
): FieldErrors {
  const errors: FieldErrors = {
    name: validateName(values.name),
    email: validateEmail(values.email),
    phone: validatePhone(values.phone, phone),
    location: asksLocation ? validateLocation(values.location) : undefined,
    message: values.message.length > 5000 ? t("validation.messageTooLong") : undefined,
  };
  questions.forEach((q, i) => {
    errors[`q-${i}`] = validateAnswer(q, values.answers[i]);
  });
  for (const key of Object.keys(errors)) if (!errors[key]) delete errors[key];
  return errors;
}

/** Field order on screen, so the first invalid one gets focus. */
export function fieldOrder(questions: Question[]): string[] {
  return ["name", "email", "phone", "location", "guests", "message", ...questions.map((_, i) => `q-${i}`)];
}
