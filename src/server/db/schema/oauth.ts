import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * One row per OAuth/OpenID authorization in flight: the state sent to the provider (stored hashed),
 * with the PKCE verifier and nonce that only this server knows. Consumed (deleted) by the callback,
 * so each state works once; rows live 10 minutes.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    /** sha256 of the state parameter. */
    stateHash: text("state_hash").notNull(),
    /** "google", or an OIDC provider's id ("sbu"). */
    provider: text("provider").notNull(),
    /** What the flow is for: "sign-in", "link", or another feature's flow ("google-calendar"). */
    purpose: text("purpose").notNull(),
    /** The signed-in user who started it, for flows that attach something to an account. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("oauth_states_state_hash_key").on(t.stateHash),
    index("oauth_states_expires_idx").on(t.expiresAt),
  ],
);

/** An account at an identity provider that signs in as a Kairos user. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's stable user id (`sub`); emails can change, this does not. */
    subject: text("subject").notNull(),
    /** The email the provider reported at the last sign-in, shown on the profile. */
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_identities_provider_subject_key").on(t.provider, t.subject),
    index("user_identities_user_idx").on(t.userId),
  ],
);

export type OAuthStateRow = typeof oauthStates.$inferSelect;
export type UserIdentityRow = typeof userIdentities.$inferSelect;
