import { z } from "zod";
import type { EventTypeTranslations } from "./event-type-translations.js";
import { LOCALES } from "./languages.js";

/** An event type's translations as the API takes them (see event-type-translations.ts). */
export const eventTypeTranslationsSchema = z.partialRecord(
  z.enum(LOCALES, { message: "Choose a language" }),
  z.object({
    title: z.string().trim().max(120, "Use at most 120 characters"),
    description: z.string().trim().max(5000, "Use at most 5000 characters"),
  }),
);

true satisfies z.infer<typeof eventTypeTranslationsSchema> extends EventTypeTranslations ? true : false;
