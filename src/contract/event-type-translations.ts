import type { Locale } from "./languages.js";

/**
 * An event type's title and description in other languages (issue 27): the host writes them, and an
 * invitee whose page, mails and invite speak one of them reads it instead of the original. A language
 * left out (or a blank field) falls back to the original text, which is shown as written.
 */
// No zod here: the booking page reads these helpers, and zod would weigh ~20 kB in its bundle
// (the schema is in event-type-translations-schema.ts).
export type EventTypeTranslations = Partial<Record<Locale, { title: string; description: string }>>;

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
