import { randomBytes, timingSafeEqual } from "node:crypto";
import {
  API_KEY_LOOKUP_LENGTH,
  API_KEY_PREFIX,
  type ApiKeyDto,
  type ApiScope,
  type CreateApiKeyBody,
  type CreatedApiKeyDto,
  createApiKeyBody,
  MAX_API_KEYS,
} from "../../../contract/api-keys.js";
import type { Db } from "../../db/client.js";
import type { ApiKeyRow, UserRow } from "../../db/schema/index.js";
import { sha256 } from "../../lib/crypto.js";
import { databaseErrorCode } from "../../lib/error-handler.js";
import { conflict, notFound } from "../../lib/errors.js";
import { createApiKeysRepo } from "./repo.js";

const DAY_MS = 86_400_000;
/** How long a stored Idempotency-Key answer is replayed. */
const IDEMPOTENCY_MS = DAY_MS;
/** `kairos_live_` + 32 random bytes in base64url (43 characters). */
const SECRET_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A key that authenticated a request: its host and what it may do. */
export interface ApiKeyIdentity {
  keyId: string;
  user: UserRow;
  scopes: readonly ApiScope[];
}

function toDto(row: ApiKeyRow): ApiKeyDto {
  return {
    _id: row.id,
    name: row.name,
    prefix: `${API_KEY_PREFIX}${row.prefix}`,
    scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** API keys (issue 26): made and revoked in Settings > Developers, checked by lib/auth.ts on /api/v1. */
export function createApiKeysService(db: Db, deps: { now: () => Date }) {
  const repo = createApiKeysRepo(db);
  const { now } = deps;

  return {
    async list(userId: string): Promise<ApiKeyDto[]> {
      return (await repo.list(userId)).map(toDto);
    },

    async create(userId: string, input: CreateApiKeyBody): Promise<CreatedApiKeyDto> {
      const body = createApiKeyBody.parse(input);
      if ((await repo.countActive(userId)) >= MAX_API_KEYS) {
        throw conflict(`At most ${MAX_API_KEYS} keys: revoke one you no longer use first`);
      }
      const at = now();
      for (let attempt = 0; ; attempt++) {
        const random = randomBytes(32).toString("base64url");
        const secret = `${API_KEY_PREFIX}${random}`;
        try {
          const row = await repo.insert({
            userId,
            name: body.name,
            prefix: random.slice(0, API_KEY_LOOKUP_LENGTH),
            secretHash: sha256(secret),
            scopes: body.scopes,
            expiresAt:
              body.expiresInDays === null ? null : new Date(at.getTime() + body.expiresInDays * DAY_MS),
            createdAt: at,
          });
          return { ...toDto(row), secret };
        } catch (error) {
          // Two keys with the same 48-bit lookup prefix: draw again.
          if (databaseErrorCode(error) !== "23505" || attempt >= 2) throw error;
        }
      }
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.revoke(userId, id, now()))) throw notFound("API key not found");
    },

    /**
     * The key behind a secret, or null (unknown, revoked, expired): looked up by its prefix, the hash
     * compared in constant time, last use stamped at most once a minute.
     */
    async authenticate(secret: string): Promise<ApiKeyIdentity | null> {
      if (!SECRET_PATTERN.test(secret)) return null;
      const prefix = secret.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + API_KEY_LOOKUP_LENGTH);
      const found = await repo.byPrefix(prefix);
      if (!found) return null;
      const { key, user } = found;
      const expected = Buffer.from(key.secretHash, "hex");
      const given = Buffer.from(sha256(secret), "hex");
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const at = now();
      if (key.revokedAt || (key.expiresAt && key.expiresAt <= at)) return null;
      if (!key.lastUsedAt || at.getTime() - key.lastUsedAt.getTime() >= 60_000) await repo.touch(key.id, at);
      return { keyId: key.id, user, scopes: key.scopes as ApiScope[] };
    },

    /** The stored answer (status 0 while its create runs) of a create retried within a day, if any. */
    storedAnswer(userId: string, route: string, key: string) {
      return repo.storedAnswer(userId, route, key, new Date(now().getTime() - IDEMPOTENCY_MS));
    },

    /** Claims the key for a create about to run; false when another request holds it. */
    reserve(userId: string, route: string, key: string, requestHash: string) {
      const at = now();
      return repo.reserve(userId, route, key, requestHash, at, new Date(at.getTime() - IDEMPOTENCY_MS));
    },

    storeAnswer(userId: string, route: string, key: string, status: number, body: unknown) {
      return repo.storeAnswer(userId, route, key, status, body);
    },

    release(userId: string, route: string, key: string) {
      return repo.release(userId, route, key);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
