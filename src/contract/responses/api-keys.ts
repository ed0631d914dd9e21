import { z } from "zod";
import { API_SCOPES, type ApiKeyDto, type ApiScope, type CreatedApiKeyDto } from "../api-keys.js";
import { type Agrees, doneEnvelope, envelope, isoDateTime } from "./shared.js";

const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES as [ApiScope, ...ApiScope[]])),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
});
true satisfies Agrees<z.input<typeof apiKeySchema>, ApiKeyDto>;

const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
true satisfies Agrees<z.input<typeof createdApiKeySchema>, CreatedApiKeyDto>;

export const apiKeysResponses = {
  list: { 200: envelope(z.array(apiKeySchema)) },
  created: { 201: envelope(createdApiKeySchema) },
  revoked: { 200: doneEnvelope },
};
