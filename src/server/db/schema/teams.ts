import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookings } from "./bookings.js";
import { eventTypes } from "./event-types.js";
import { users } from "./users.js";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export type TeamRole = "owner" | "member";

export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    /** Public page /team/{slug}; unique across the product. */
    slug: text("slug").notNull(),
    /** An https URL or a small data: URL image. */
    logo: text("logo"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("teams_slug_key").on(t.slug)],
);

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<TeamRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_user_idx").on(t.userId),
    check("team_members_role_check", sql`${t.role} in ('owner', 'member')`),
  ],
);

/** An invitation by e-mail: the link carries a token whose sha256 is kept here; single use, 7 days. */
export const teamInvites = pgTable(
  "team_invites",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Lower-case. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("team_invites_token_key").on(t.tokenHash), index("team_invites_team_idx").on(t.teamId)],
);

/** The hosts of a team event type (round robin or collective), with round-robin weight and priority. */
export const eventTypeHosts = pgTable(
  "event_type_hosts",
  {
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weight: integer("weight").notNull().default(1),
    priority: integer("priority").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventTypeId, t.userId] }),
    index("event_type_hosts_user_idx").on(t.userId),
    check(
      "event_type_hosts_numbers_check",
      sql`${t.weight} between 1 and 100 and ${t.priority} between 0 and 10`,
    ),
  ],
);

/**
 * Every host a booking occupies: one row per (booking, host). A trigger (custom migration) keeps
 * the booking's own host row in step with `bookings`; a collective booking adds its other hosts.
 * The exclusion constraint booking_hosts_no_overlap refuses two confirmed rows of one host whose
 * times overlap (unless they share slot_key, the seats of one group slot), whichever booking made
 * them, so no host is double-booked by a team booking either.
 */
export const bookingHosts = pgTable(
  "booking_hosts",
  {
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventTypeId: uuid("event_type_id"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    slotKey: text("slot_key").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.hostUserId] }),
    index("booking_hosts_host_idx").on(t.hostUserId),
  ],
);

export type PollAnswer = "yes" | "maybe" | "no";

/** A participant of a meeting poll; votes maps each proposed start (ISO) to their answer. */
export const pollVoters = pgTable(
  "poll_voters",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    eventTypeId: uuid("event_type_id")
      .notNull()
      .references(() => eventTypes.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Lower-case. */
    email: text("email").notNull(),
    /** sha256 of the voter's private edit token. */
    tokenHash: text("token_hash").notNull(),
    votes: jsonb("votes").$type<Record<string, PollAnswer>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("poll_voters_email_key").on(t.eventTypeId, t.email),
    uniqueIndex("poll_voters_token_key").on(t.tokenHash),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamInviteRow = typeof teamInvites.$inferSelect;
export type PollVoterRow = typeof pollVoters.$inferSelect;
