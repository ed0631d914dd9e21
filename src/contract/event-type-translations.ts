import { z } from "zod";
import { LOCALES, type Locale } from "./languages.js";

/**
 * An event type's title and description in other languages (issue 27): the host writes them, and an
 * invitee whose page, mails and invite speak one of them reads it instead of the original. A language
 * left out (or a blank field) falls back to the original text, which is shown as written.
 */
export const eventTypeTranslationsSchema = z.partialRecord(
  z.enum(LOCALES, { message: "Choose a language" }),
  z.object({
    title: z.string().trim().max(120, "Use at most 120 characters"),
    description: z.string().trim().max(5000, "Use at most 5000 characters"),
  }),
);
export type EventTypeTranslations = z.infer<typeof eventTypeTranslationsSchema>;

/** The translations with at least one field written (a language with both blank is dropped). */
export function compactTranslations(translations: EventTypeTranslations): EventTypeTranslations {
  return Object.fromEntries(
    Object.entries(translations).filter(([, text]) => text && (text.title || text.description)),
  ) as EventTypeTranslations;
}

/** The title and description to show in `locale`: its translation where the host wrote one. */
export function localizedEventText(
  eventType: { title: string; description?: string; translations?: EventTypeTranslations },
  locale: Locale | string | null | undefined,
): { title: string; description: string } {
  const own = locale ? eventType.translations?.[locale as Locale] : undefined;
  return {
    title: own?.title || eventType.title,
    description: own?.description || (eventType.description ?? ""),
  };
}
