import { z } from "zod";
import { originOf } from "./embed.js";

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
