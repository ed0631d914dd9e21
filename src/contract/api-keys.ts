import { z } from "zod";

/**
 * API keys (issue 26), Settings > Developers. Routes (session only: a key never manages keys):
 * - GET /api-keys                 -> ApiKeyDto[]
 * - POST /api-keys {name, scopes, expiresInDays} -> ApiKeyDto & {secret} (the secret, shown once)
 * - DELETE /api-keys/:id          -> revokes at once
 */

/** The resources of the public API (/api/v1); a key holds read and/or write on each. */
export const API_RESOURCES = [
  "event_types",
  "availability",
  "bookings",
  "contacts",
  "workflows",
  "webhooks",
] as const;
export type ApiResource = (typeof API_RESOURCES)[number];
export type ApiAccess = "read" | "write";
export type ApiScope = `${ApiResource}:${ApiAccess}`;

export const API_SCOPES = API_RESOURCES.flatMap((r) => [`${r}:read`, `${r}:write`]) as ApiScope[];

/** What every key secret starts with, so a leaked one is recognisable (secret scanners). */
export const API_KEY_PREFIX = "kairos_live_";
/** How many characters after API_KEY_PREFIX the list shows and the server looks a key up by. */
export const API_KEY_LOOKUP_LENGTH = 8;
export const MAX_API_KEYS = 50;
export const API_KEY_EXPIRIES = [30, 90, 365] as const;

export const createApiKeyBody = z
  .object({
    name: z.string().trim().min(1, "Give the key a name").max(80, "At most 80 characters"),
    scopes: z
      .array(z.enum(API_SCOPES as [ApiScope, ...ApiScope[]]))
      .min(1, "Choose at least one permission")
      .transform((list) => [...new Set(list)]),
    /** Days until it stops working; null: never. */
    expiresInDays: z
      .union([z.literal(30), z.literal(90), z.literal(365)])
      .nullable()
      .default(90),
  })
  .strict();
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export interface ApiKeyDto {
  _id: string;
  name: string;
  /** `kairos_live_` and the first characters of the secret: what tells keys apart. */
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

export interface CreatedApiKeyDto extends ApiKeyDto {
  /** The whole secret; the server keeps only its hash and never shows it again. */
  secret: string;
}
