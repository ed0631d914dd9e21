import { sql } from "drizzle-orm";
import {
  bigint,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

export interface UserPreferences {
  /** The dashboard's 'Get started' panel was dismissed with "Don't show again". */
  hideGetStarted?: boolean;
  /** The host copied their booking page's link from that panel: its last step is done. */
  sharedBookingLink?: boolean;
}

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Lower-case; the public pages are /{username} and /{username}/{slug}. */
    username: text("username").notNull(),
    /** Null for accounts that only sign in through an identity provider. */
    passwordHash: text("password_hash"),
    /** URL of the avatar (our own /api/users/{id}/avatar for uploads). */
    avatar: text("avatar"),
    timezone: text("timezone").notNull().default("Asia/Kolkata"),
    welcomeText: text("welcome_text").notNull().default(""),
    timeFormat: text("time_format").$type<"12h" | "24h">().notNull().default("12h"),
    weekStart: text("week_start").$type<"sunday" | "monday">().notNull().default("sunday"),
    /** The host's default language (issue 27): their booking pages' unless an event type fixes one; null: the invitee's browser's. */
    language: text("language"),
    /** The language of the host's own app and of the mails to the host (issue 27); null: their browser's. */
    appLanguage: text("app_language"),
    preferences: jsonb("preferences").$type<UserPreferences>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), uniqueIndex("users_username_key").on(t.username)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The browser's User-Agent at sign-in, shown as the device in Settings. */
    userAgent: text("user_agent"),
    /** Refreshed at most every few minutes (see auth service), not on every request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Usernames a host gave up: /{old} keeps redirecting to them, and nobody else may take it, for 90 days. */
export const usernameHistory = pgTable(
  "username_history",
  {
    username: text("username").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("username_history_user_idx").on(t.userId)],
);

/** Single-use links sent by mail: password resets and email changes. Only the token's hash is kept. */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"password-reset" | "email-change">().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address an email change moves to. */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_key").on(t.tokenHash),
    index("account_tokens_user_idx").on(t.userId),
  ],
);

/** Uploaded avatars, kept in the database so every instance serves them and backups include them. */
export const userAvatars = pgTable("user_avatars", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
  updatedAt: updatedAt(),
});

/**
 * A counter per host that database triggers raise whenever what a new booking's listeners read
 * changes: their webhook subscriptions, workflows, calendar accounts and booker blocks (migration
 * 0047). The slot check reads it with the event type, and each feature keeps its last read per host
 * and version in memory, so a booking skips those reads until the host changes one (issue 30).
 */
export const hostConfigVersions = pgTable("host_config_versions", {
  hostUserId: uuid("host_user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(1),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
