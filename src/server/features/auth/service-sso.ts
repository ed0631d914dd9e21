import type { GoogleSignInBody, IdentityView, SsoProviderView } from "../../../contract/auth.js";
import { DEFAULT_TIMEZONE } from "../../../contract/common.js";
import type { Db } from "../../db/client.js";
import type { UserIdentityRow, UserRow } from "../../db/schema/index.js";
import { AppError, conflict, notFound, providerUnavailable } from "../../lib/errors.js";
import { GOOGLE_SIGN_IN_SCOPES, GoogleError, type GoogleOAuth } from "../../lib/google.js";
import { OidcError, type OidcIdentity, type OidcProviders } from "../../lib/oidc.js";
import type { OAuthStatesService } from "../oauth-states/service.js";
import { createIdentitiesRepo } from "./repo-identities.js";
import type { AuthService } from "./service.js";

/** Why a flow was started: to sign in (or up), or to add a provider to the signed-in account. */
export type SsoIntent = "sign-in" | "link";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const GOOGLE_CALLBACK_PATH = "/auth/google/callback";

interface Deps {
  auth: AuthService;
  oauthStates: OAuthStatesService;
  google: GoogleOAuth | null;
  oidc: OidcProviders;
  now: () => Date;
}

/** The outcome of a provider's callback: a session, or an identity added to the signed-in account. */
export type SsoResult =
  | { intent: "sign-in"; user: UserRow; token: string; created: boolean }
  | { intent: "link"; user: UserRow; identity: IdentityView };

/**
 * Signing in with Google and OpenID Connect providers. Accounts follow one rule: a provider identity
 * (provider + its stable subject id) belongs to one user. The first sign-in with an identity joins the
 * user with the same email only when the provider says that email is verified, and creates a user
 * (without a password) when there is none; an unverified email is refused, so nobody takes over or
 * squats an address they do not own.
 */
export function createSsoService(db: Db, deps: Deps) {
  const { auth, oauthStates, google, oidc, now } = deps;

  const labelOf = (provider: string) =>
    provider === "google" ? "Google" : (oidc.get(provider)?.label ?? provider);

  function requireProvider(provider: string): void {
    if (provider === "google" ? !google : !oidc.get(provider)) {
      throw notFound("This sign-in provider is not set up on this server");
    }
  }

  /** Runs a call to a provider; a refusal is a clear 401, a provider that did not answer a 503. */
  async function talk<T>(provider: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const label = labelOf(provider);
      if (error instanceof GoogleError || error instanceof OidcError) {
        if (error.kind === "unavailable") {
          throw providerUnavailable(`${label} did not answer in time. Please try again in a moment.`);
        }
        throw new AppError("SSO_REFUSED", `${label} sign-in failed: ${error.message}`);
      }
      throw error;
    }
  }

  async function takeState(provider: string, state: string, signedIn: UserRow | null) {
    const flow = await oauthStates.consume(state, { provider, purpose: ["sign-in", "link"] });
    if (!flow) {
      throw new AppError(
        "STATE_INVALID",
        `This ${labelOf(provider)} sign-in has expired or was already used. Please start again.`,
      );
    }
    // A link adds to the account that asked for it, and only from that account's own browser.
    if (flow.purpose === "link" && flow.userId !== signedIn?.id) {
      throw new AppError("STATE_INVALID", "Sign in again to link this account");
    }
    return flow;
  }

  async function complete(
    provider: string,
    who: OidcIdentity,
    intent: SsoIntent,
    signedIn: { userId: string | null; timezone?: string },
  ): Promise<SsoResult> {
    const label = labelOf(provider);
    if (intent === "link") return link(provider, who, signedIn.userId as string);

    const result = await db.transaction(async (tx) => {
      const identities = createIdentitiesRepo(tx);
      const known = await identities.findWithUser(provider, who.subject);
      if (known) {
        await identities.touch(known.identity.id, who.email, now());
        return { user: known.user, created: false };
      }
      if (!who.email) {
        throw new AppError(
          "EMAIL_MISSING",
          `${label} did not share your email address, so you cannot sign in with it.`,
        );
      }
      if (!who.emailVerified) {
        throw new AppError(
          "EMAIL_NOT_VERIFIED",
          `${label} has not verified the email address ${who.email}. Verify it with ${label}, or sign in another way.`,
        );
      }
      let user = await auth.createUser(tx, {
        name: who.name?.trim() || who.email.split("@")[0],
        email: who.email,
        passwordHash: null,
        timezone: signedIn.timezone ?? DEFAULT_TIMEZONE,
        avatar: who.picture,
      });
      const created = !!user;
      user ??= await auth.findUserByEmail(tx, who.email);
      if (!user) throw new AppError("CONFLICT", "Please try again");
      await identities.insert({ userId: user.id, provider, subject: who.subject, email: who.email });
      return { user, created };
    });
    return { intent: "sign-in", ...result, token: await auth.startSession(result.user.id) };
  }

  async function link(provider: string, who: OidcIdentity, userId: string): Promise<SsoResult> {
    return db.transaction(async (tx) => {
      const identities = createIdentitiesRepo(tx);
      const user = await identities.lockUser(userId);
      if (!user) throw notFound();
      const known = await identities.findWithUser(provider, who.subject);
      if (known && known.user.id !== userId) {
        throw conflict(
          `This ${labelOf(provider)} account already signs in to another Kairos account`,
          "IDENTITY_TAKEN",
        );
      }
      if (known) await identities.touch(known.identity.id, who.email, now());
      const identity =
        known?.identity ??
        (await identities.insert({ userId, provider, subject: who.subject, email: who.email }));
      return { intent: "link" as const, user, identity: toIdentityView(identity, labelOf(provider)) };
    });
  }

  return {
    /** The providers set up on this server, for the sign-in buttons. */
    providers(): SsoProviderView[] {
      return [
        ...oidc.list().map((p) => ({ id: p.id, label: p.label })),
        ...(google ? [{ id: "google", label: "Google" }] : []),
      ];
    },

    /** Creates the server-side state and returns the provider's page to open in the popup. */
    async start(provider: string, intent: SsoIntent, user: UserRow | null): Promise<string> {
      requireProvider(provider);
      if (intent === "link" && !user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
      const flow = await oauthStates.create({ provider, purpose: intent, userId: user?.id ?? null });
      if (provider === "google") {
        return (google as GoogleOAuth).authorizeUrl({
          redirectPath: GOOGLE_CALLBACK_PATH,
          scopes: GOOGLE_SIGN_IN_SCOPES,
          state: flow.state,
          codeChallenge: flow.codeChallenge,
          prompt: "select_account",
        });
      }
      const config = oidc.get(provider)!;
      return talk(provider, () => oidc.authorizeUrl(config, flow));
    },

    /** The OIDC callback: redeems the code with the state's PKCE verifier and nonce. */
    async oidcCallback(
      provider: string,
      input: { code: string; state: string; iss?: string; timezone?: string },
      signedIn: UserRow | null,
    ): Promise<SsoResult> {
      const config = oidc.get(provider);
      if (!config) throw notFound("This sign-in provider is not set up on this server");
      const flow = await takeState(provider, input.state, signedIn);
      const who = await talk(provider, () => oidc.callback(config, input, flow));
      return complete(provider, who, flow.purpose as SsoIntent, {
        userId: flow.userId,
        timezone: input.timezone,
      });
    },

    /**
     * Google: either the code of our own consent popup (with its state), or an access token that a
     * Google client in the browser obtained. A token must have been issued to this server's client id.
     */
    async googleSignIn(input: GoogleSignInBody, signedIn: UserRow | null): Promise<SsoResult> {
      requireProvider("google");
      const g = google as GoogleOAuth;
      const accessToken = input.access_token;
      if (accessToken) {
        const info = await talk("google", () => g.tokenInfo(accessToken));
        if (info.audience !== g.clientId) {
          throw new AppError(
            "SSO_REFUSED",
            "Google sign-in failed: this token was issued to another application",
          );
        }
        const who = await talk("google", () => g.userInfo(accessToken));
        return complete("google", fromGoogle(who), "sign-in", { userId: null, timezone: input.timezone });
      }
      // The contract requires code and state whenever there is no access token.
      const flow = await takeState("google", input.state as string, signedIn);
      const who = await talk("google", async () => {
        const tokens = await g.exchangeCode({
          code: input.code as string,
          redirectPath: GOOGLE_CALLBACK_PATH,
          codeVerifier: flow.codeVerifier,
        });
        return g.userInfo(tokens.accessToken);
      });
      return complete("google", fromGoogle(who), flow.purpose as SsoIntent, {
        userId: flow.userId,
        timezone: input.timezone,
      });
    },

    async listIdentities(userId: string): Promise<IdentityView[]> {
      const rows = await createIdentitiesRepo(db).listForUser(userId);
      return rows.map((r) => toIdentityView(r, labelOf(r.provider)));
    },

    /** Unlinks an identity, unless it is the account's last way to sign in. */
    async removeIdentity(userId: string, identityId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const identities = createIdentitiesRepo(tx);
        const user = await identities.lockUser(userId);
        const identity = user && UUID.test(identityId) && (await identities.findForUser(userId, identityId));
        if (!user || !identity) throw notFound("Sign-in method not found");
        if (!user.passwordHash && (await identities.countOthers(userId, identityId)) === 0) {
          throw conflict(
            "This is your only way to sign in. Set a password or link another account before removing it.",
            "LAST_SIGN_IN_METHOD",
          );
        }
        await identities.delete(identityId);
      });
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;

const fromGoogle = (u: {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}): OidcIdentity => ({ subject: u.sub, ...u });

export function toIdentityView(row: UserIdentityRow, providerLabel: string): IdentityView {
  return {
    _id: row.id,
    provider: row.provider,
    providerLabel,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  };
}
