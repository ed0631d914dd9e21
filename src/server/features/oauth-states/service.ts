import { createHash } from "node:crypto";
import type { Db } from "../../db/client.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { createOAuthStatesRepo } from "./repo.js";

/** How long a user has between opening a provider's page and coming back (spec: 10 minutes). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export interface OAuthStart {
  /** The `state` parameter to send to the provider. */
  state: string;
  /** PKCE: the S256 challenge goes in the authorize URL, the verifier stays here until the callback. */
  codeChallenge: string;
  codeVerifier: string;
  /** OpenID Connect `nonce`; the ID token must carry it back. */
  nonce: string;
}

export interface OAuthCallbackState {
  codeVerifier: string;
  nonce: string;
  /** The signed-in user who started the flow, when it was started by one. */
  userId: string | null;
  purpose: string;
}

/**
 * Server-side OAuth state: random, bound to one provider and purpose, single use, 10 minutes.
 * Used by SSO sign-in and by any feature that sends a user to Google or another provider.
 */
export function createOAuthStatesService(db: Db, now: () => Date) {
  return {
    async create(flow: { provider: string; purpose: string; userId?: string | null }): Promise<OAuthStart> {
      const state = randomToken();
      const codeVerifier = randomToken();
      const nonce = randomToken();
      const repo = createOAuthStatesRepo(db);
      // Abandoned flows leave rows behind; each new one sweeps the expired ones (indexed, usually none).
      await repo.deleteExpired(now());
      await repo.insert({
        stateHash: sha256(state),
        provider: flow.provider,
        purpose: flow.purpose,
        userId: flow.userId ?? null,
        codeVerifier,
        nonce,
        expiresAt: new Date(now().getTime() + OAUTH_STATE_TTL_MS),
      });
      return { state, codeVerifier, nonce, codeChallenge: pkceChallenge(codeVerifier) };
    },

    /**
     * Uses up a state. Undefined when it is unknown, already used, expired, or was issued for another
     * provider or purpose (one of `purpose` when a callback serves several); callers answer all alike.
     */
    async consume(
      state: string,
      flow: { provider: string; purpose: string | string[] },
    ): Promise<OAuthCallbackState | undefined> {
      const purposes = Array.isArray(flow.purpose) ? flow.purpose : [flow.purpose];
      const row = await createOAuthStatesRepo(db).take(sha256(state), flow.provider, purposes);
      if (!row || row.expiresAt.getTime() <= now().getTime()) return undefined;
      return { codeVerifier: row.codeVerifier, nonce: row.nonce, userId: row.userId, purpose: row.purpose };
    },
  };
}

export type OAuthStatesService = ReturnType<typeof createOAuthStatesService>;

/** RFC 7636 S256: base64url(sha256(verifier)). */
export const pkceChallenge = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
