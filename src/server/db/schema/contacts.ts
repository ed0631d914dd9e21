import { type SQL, sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Attribution } from "../../../contract/embed.js";
import { users } from "./users.js";

export type ContactStage = "prospect" | "lead" | "customer" | "partner" | "other";
export type ContactPriority = "low" | "medium" | "high";
/** How a contact first came in. */
export type ContactSource = "manual" | "booking" | "guest" | "import" | "workflow";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One person in a host's contact list, unique per host by lower-cased email. Bookings fill it
 * (see contacts/service.ts); `hostEdited` names the fields the host set by hand, which later
 * bookings and workflows never overwrite.
 */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    /** Lower-case. */
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    jobTitle: text("job_title").notNull().default(""),
    company: text("company").notNull().default(""),
    linkedIn: text("linked_in").notNull().default(""),
    timezone: text("timezone").notNull().default(""),
    country: text("country").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    relationshipStage: text("relationship_stage").$type<ContactStage>().notNull().default("prospect"),
    priority: text("priority").$type<ContactPriority>().notNull().default("medium"),
    tags: text("tags").array().notNull().default([]),
    notes: text("notes").notNull().default(""),
    /** Bumped on each upload: the avatar URL carries it so browsers never show a stale picture. */
    avatarVersion: integer("avatar_version"),
    hostEdited: text("host_edited").array().notNull().default([]),
    source: text("source").$type<ContactSource>().notNull().default("manual"),
    /** UTM and metadata of the first booking that made or first filled it (embeds, issue 25). */
    sourceAttribution: jsonb("source_attribution").$type<Attribution | null>(),
    /** Confirmed bookings with this host and email that have ended ("took place"). */
    totalMeetings: integer("total_meetings").notNull().default(0),
    /** Start of the latest meeting counted in totalMeetings. */
    lastMeetingAt: timestamp("last_meeting_at", { withTimezone: true }),
    /**
     * End of the earliest confirmed booking not yet ended: when it passes, the counts above are
     * stale, and reads recompute the contacts whose boundary is due (see contacts/repo.ts, createDueRecount).
     */
    countsValidUntil: timestamp("counts_valid_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** What the search looks in, lower-cased: name, email, company and job title; trigram-indexed. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${contacts.fullName} || chr(10) || ${contacts.email} || chr(10) || ${contacts.company} || chr(10) || ${contacts.jobTitle})`,
      ),
  },
  (t) => [
    uniqueIndex("contacts_host_email_key").on(t.hostUserId, t.email),
    // One index per sort of the list, so a page is an index walk, never a sort of every contact.
    index("contacts_host_name_idx").on(t.hostUserId, sql`lower(${t.fullName})`, t.id),
    index("contacts_host_created_idx").on(t.hostUserId, t.createdAt, t.id),
    index("contacts_host_last_met_idx").on(t.hostUserId, t.lastMeetingAt.desc().nullsLast(), t.id.desc()),
    index("contacts_host_meetings_idx").on(t.hostUserId, t.totalMeetings, t.id),
    index("contacts_host_stage_name_idx").on(
      t.hostUserId,
      t.relationshipStage,
      sql`lower(${t.fullName})`,
      t.id,
    ),
    index("contacts_host_priority_name_idx").on(t.hostUserId, t.priority, sql`lower(${t.fullName})`, t.id),
    index("contacts_counts_due_idx")
      .on(t.hostUserId, t.countsValidUntil)
      .where(sql`${t.countsValidUntil} is not null`),
    index("contacts_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    check(
      "contacts_stage_check",
      sql`${t.relationshipStage} in ('prospect', 'lead', 'customer', 'partner', 'other')`,
    ),
    check("contacts_priority_check", sql`${t.priority} in ('low', 'medium', 'high')`),
  ],
);

/** A contact's uploaded picture; served only to its host, with the sniffed image type. */
export const contactAvatars = pgTable("contact_avatars", {
  contactId: uuid("contact_id")
    .primaryKey()
    .references(() => contacts.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  data: bytea("data").notNull(),
});

/**
 * How many contacts a host has per stage and priority, so the list's totals and the stats overview
 * never count the contacts. Kept exact by triggers on `contacts` (migrations 0033 and 0051; an import's
 * statement counts its own new rows), which only ever append a row of changes (+n / -n): concurrent
 * writers of one host (bookings) never wait on a shared counter row. A host's figure is the sum of their rows; reads fold the rows into one per cell when
 * they pile up (features/contacts/repo-counts.ts). Nothing is recorded for contacts a deleted
 * account's cascade removes (its rows go with it).
 */
export const contactCounts = pgTable(
  "contact_counts",
  {
    hostUserId: uuid("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    relationshipStage: text("relationship_stage").$type<ContactStage>().notNull(),
    priority: text("priority").$type<ContactPriority>().notNull(),
    n: integer("n").notNull(),
  },
  (t) => [index("contact_counts_host_idx").on(t.hostUserId)],
);

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
