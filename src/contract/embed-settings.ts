import { z } from "zod";
import { BRAND_COLOR_PATTERN, EMBED_MODES, EMBED_THEMES, originOf } from "./embed.js";

/**
 * Settings > Embeds (issue 25). Routes:
 * - GET /embeds/settings            -> EmbedSettingsDto
 * - PUT /embeds/settings {allowedOrigins} -> EmbedSettingsDto
 */

export const EMBED_ORIGINS_MAX = 20;

/** A site as the host types it ("https://example.com", a trailing slash allowed), stored as its origin. */
const allowedOrigin = z
  .string()
  .trim()
  .max(200, "That address is too long")
  .transform((value, ctx) => {
    const origin = originOf(value);
    if (!origin) {
      ctx.addIssue({ code: "custom", message: "Use a site address like https://example.com (no path)" });
      return z.NEVER;
    }
    return origin;
  });

export const embedSettingsBody = z
  .object({
    allowedOrigins: z
      .array(allowedOrigin)
      .max(EMBED_ORIGINS_MAX, `At most ${EMBED_ORIGINS_MAX} sites`)
      .transform((list) => [...new Set(list)]),
  })
  .strict();
export type EmbedSettingsBody = z.input<typeof embedSettingsBody>;

export interface EmbedSettingsDto {
  /** Sites allowed to frame the host's booking pages; empty: any site. */
  allowedOrigins: string[];
}

/** Share > Embed: the options of the snippet a host copies (what the loader passes to the frame). */
export const embedCodeForm = z.object({
  /** The page to embed, as the loader takes it: "username/slug", "username" or "team/slug". */
  target: z.string().min(1),
  mode: z.enum(EMBED_MODES),
  theme: z.enum(EMBED_THEMES),
  brandColor: z
    .string()
    .trim()
    .refine((v) => v === "" || BRAND_COLOR_PATTERN.test(v), "Use a hex colour like #2563eb"),
  hideDetails: z.boolean(),
  name: z.string().trim().max(100, "At most 100 characters"),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid email address"),
});
export type EmbedCodeForm = z.infer<typeof embedCodeForm>;

/** The sites of a Settings > Embeds text box: one per line, each an origin (see embedSettingsBody). */
export const sitesLines = (text: string) =>
  text
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Settings > Embeds: the allowed sites typed one per line. */
export const embedSitesForm = z.object({
  sites: z.string().superRefine((text, ctx) => {
    const lines = sitesLines(text);
    const bad = lines.find((line) => !originOf(line));
    if (bad)
      ctx.addIssue({ code: "custom", message: `"${bad}" is not a site address like https://example.com` });
    else if (lines.length > EMBED_ORIGINS_MAX)
      ctx.addIssue({ code: "custom", message: `At most ${EMBED_ORIGINS_MAX} sites` });
  }),
});
export type EmbedSitesForm = z.infer<typeof embedSitesForm>;
