/* Without zod: the public booking page imports this (see validation.ts in web/features/bookings). */

/**
 * What the booking form does with the invitee's phone number (issue 14, item 8): ask for it and insist
 * (the default, as the spec has it), ask for it but accept none, or not ask at all. A booking whose
 * location is a phone call always needs the number, whatever this says (see phoneRule).
 */
export const PHONE_FIELD_MODES = ["required", "optional", "hidden"] as const;
export type PhoneFieldMode = (typeof PHONE_FIELD_MODES)[number];

/** The phone rule of one booking: the event type's setting, except that a phone call always needs it. */
export function phoneRule(
  mode: PhoneFieldMode | undefined,
  locationType: string | undefined,
): PhoneFieldMode {
  return locationType === "phone" ? "required" : (mode ?? "required");
}
