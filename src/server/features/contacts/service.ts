import {
  CONTACT_PRIORITIES,
  CONTACT_STAGES,
  type ContactDetail,
  type ContactDto,
  type ContactInput,
  type ContactMeeting,
  type ContactPatch,
  type ContactPriority,
  type ContactStage,
  contactEmailSchema,
  MAX_TAGS,
  normalizeTags,
} from "../../../contract/contacts.js";
import { CONTACT_FIELDS, type ContactField, FILLABLE_FIELDS } from "../../../domain/contact-fields.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import type { ContactRow } from "../../db/schema/index.js";
import { databaseErrorCode } from "../../lib/error-handler.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import type { Registry } from "../../lib/registry.js";
import { type BookingChange, type BookingListener, isRequestChange } from "../bookings/events.js";
import {
  announceContact,
  type ContactChange,
  type ContactListener,
  type ContactReaction,
  prepareFollowers,
  reactToContact,
} from "./events.js";
import { type AutoFill, createContactsRepo, createDueRecount } from "./repo.js";
import { createContactsBookingStatements } from "./repo-bookings.js";

const CONTACT_NOT_FOUND = "Contact not found";
/** The contact page shows this many meetings, latest first. */
const TIMELINE_LIMIT = 200;

export function toContactDto(row: ContactRow): ContactDto {
  return {
    _id: row.id,
    ...(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, row[f]])) as Pick<ContactDto, ContactField>),
    avatar: row.avatarVersion === null ? null : `/api/contacts/${row.id}/avatar?v=${row.avatarVersion}`,
    totalMeetings: row.totalMeetings,
    lastMeetingDate: row.lastMeetingAt?.toISOString() ?? null,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a workflow's add_to_crm action (or any other feature) hands in; only email is required. */
export interface ContactFromFeature {
  email: string;
  fullName?: string;
  phone?: string;
  company?: string;
  jobTitle?: string;
  timezone?: string;
  stage?: ContactStage;
  priority?: ContactPriority;
  /** Added to the contact's tags (never removes any). */
  tags?: string[];
  notes?: string;
}

/** "jane.doe@acme.com" -> "Jane Doe": a readable name for a guest we only know by email. */
export function nameFromEmail(email: string): string {
  const local = email.split("@", 1)[0] ?? email;
  const words = local.split(/[._+-]+/).filter(Boolean);
  if (words.length === 0) return email;
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

/** Booking questions whose wording says which contact field the answer fills. */
const ANSWER_FIELDS: [RegExp, "company" | "jobTitle"][] = [
  [/\b(company|organi[sz]ation|employer|business)\b/i, "company"],
  [/\b(job title|title|role|position)\b/i, "jobTitle"],
];

export function fieldsFromAnswers(answers: readonly { question: string; answer: string }[]): AutoFill {
  const fill: AutoFill = {};
  for (const { question, answer } of answers) {
    const value = answer.trim().slice(0, 200);
    if (!value) continue;
    const match = ANSWER_FIELDS.find(([pattern]) => pattern.test(question));
    if (match && fill[match[1]] === undefined) fill[match[1]] = value;
  }
  return fill;
}

export function createContactsService(
  db: Db,
  deps: { now: () => Date; listeners?: Registry<ContactListener> },
) {
  const { now } = deps;
  /** Tells the followers (webhooks) of a change, inside its transaction. */
  const announce = (tx: DbOrTx, kind: ContactChange["kind"], row: ContactRow) =>
    deps.listeners?.items.length
      ? announceContact(deps.listeners.items, tx, {
          kind,
          hostUserId: row.hostUserId,
          contact: toContactDto(row),
        })
      : Promise.resolve();
  const repo = createContactsRepo(db);
  const refreshDue = createDueRecount(db);
  const bookingStatements = createContactsBookingStatements(db);

  /**
   * Keeps the host's contacts in step with their bookings, inside the booking's transaction: the
   * invitee becomes (or fills) a contact, guests become prospects, and the invitee's meeting
   * counts are recounted from the bookings on every change (created, moved, cancelled, no-show).
   * What it reads first is its own followers' needs, for the contact a new booking may make.
   */
  const reactToBooking = async (tx: DbOrTx, change: BookingChange, followers: readonly ContactReaction[]) => {
    const { booking, host } = change.booking;
    const hostEmail = host.email.toLowerCase();
    if (change.kind === "created" && booking.attendeeEmail !== hostEmail) {
      const fromAnswers = fieldsFromAnswers(booking.answers);
      const fill = {
        fullName: booking.attendeeName,
        phone: booking.attendeePhone,
        timezone: booking.attendeeTimezone,
        company: fromAnswers.company ?? "",
        jobTitle: fromAnswers.jobTitle ?? "",
        attribution: booking.attribution ? JSON.stringify(booking.attribution) : null,
      };
      // Counted with the booking just written, in the same statement.
      const upsert = [tx, booking.hostUserId, booking.attendeeEmail, fill, now()] as const;
      if (followers.length === 0) {
        await bookingStatements.upsertFromBookingQuietly(...upsert);
      } else {
        const [contact] = await bookingStatements.upsertFromBooking(...upsert);
        // A first booking makes a contact: followers hear of it (a webhook's contact.created).
        if (contact?.created) {
          await reactToContact(followers, tx, {
            kind: "created",
            hostUserId: contact.hostUserId,
            contact: toContactDto(contact),
          });
        }
      }
      for (const guest of booking.guests) {
        const email = guest.toLowerCase();
        if (email === booking.attendeeEmail || email === hostEmail) continue;
        await createContactsRepo(tx).insertIfMissing(
          booking.hostUserId,
          email,
          nameFromEmail(email),
          "guest",
        );
      }
      return;
    }
    await bookingStatements.recount(tx, booking.hostUserId, booking.attendeeEmail, now());
  };
  // A request becomes the invitee's meeting (and contact) once confirmed, announced then as created.
  const bookingListener: BookingListener = async (reader, change) => {
    if (isRequestChange(change)) return undefined;
    const followers =
      change.kind === "created" && deps.listeners?.items.length
        ? await prepareFollowers(
            deps.listeners.items,
            reader,
            change.booking.booking.hostUserId,
            change.kind === "created" ? change.hostConfigVersion : undefined,
          )
        : [];
    return (tx, c) => reactToBooking(tx, c, followers);
  };

  async function owned(hostUserId: string, id: string, r = repo): Promise<ContactRow> {
    const row = await r.find(hostUserId, id);
    if (!row) throw notFound(CONTACT_NOT_FOUND);
    return row;
  }

  /** A clear 409 naming the contact that already has this email. */
  async function emailTaken(hostUserId: string, email: string): Promise<AppError> {
    const existing = await repo.findByEmail(hostUserId, email);
    const who = existing ? `${existing.fullName} (${existing.email})` : email;
    return new AppError("EMAIL_TAKEN", `A contact with this email already exists: ${who}`, {
      email: `Already used by ${who}`,
    });
  }

  return {
    bookingListener,

    /**
     * Creates or fills the host's contact for `input.email` inside the caller's transaction (a
     * workflow's add_to_crm action). Fields the host edited by hand are never overwritten; tags are
     * added to the contact's own. Returns the contact's id and whether it was new.
     */
    async upsertFromWorkflow(
      tx: Tx | DbOrTx,
      hostUserId: string,
      input: ContactFromFeature,
    ): Promise<{ id: string; created: boolean }> {
      const email = contactEmailSchema.parse(input.email);
      const txRepo = createContactsRepo(tx);
      const fill: AutoFill & { fullName: string } = {
        fullName: input.fullName?.trim().slice(0, 200) || nameFromEmail(email),
        phone: input.phone?.trim().slice(0, 40),
        company: input.company?.trim().slice(0, 200),
        jobTitle: input.jobTitle?.trim().slice(0, 200),
        timezone: input.timezone?.trim().slice(0, 64),
        notes: input.notes?.slice(0, 10_000),
        relationshipStage: CONTACT_STAGES.includes(input.stage as ContactStage) ? input.stage : undefined,
        priority: CONTACT_PRIORITIES.includes(input.priority as ContactPriority) ? input.priority : undefined,
      };
      const result = await txRepo.upsertAuto(hostUserId, email, fill, "workflow");
      if (input.tags?.length) {
        const row = await txRepo.find(hostUserId, result.id);
        const merged = normalizeTags([...(row?.tags ?? []), ...input.tags.map((t) => t.slice(0, 32))]);
        if (typeof merged !== "string") {
          await txRepo.update(hostUserId, result.id, { tags: merged.slice(0, MAX_TAGS) });
        }
      }
      await txRepo.recountMeetings(hostUserId, email, now());
      const row = await txRepo.find(hostUserId, result.id);
      if (row) await announce(tx, result.created ? "created" : "updated", row);
      return result;
    },

    /** Contacts for bookings written around the service (the demo seed, bookings older than contacts). */
    backfillFromBookings: (hostUserId: string) => repo.backfillFromBookings(hostUserId, now()),

    async get(hostUserId: string, id: string): Promise<ContactDetail> {
      await refreshDue(hostUserId, now());
      const row = await owned(hostUserId, id);
      const meetings = await repo.meetings(hostUserId, row.email, TIMELINE_LIMIT);
      const at = now();
      return {
        ...toContactDto(row),
        meetings: meetings.map(
          (m): ContactMeeting => ({
            _id: m.id,
            title: m.title,
            color: m.color,
            startTime: m.startTime.toISOString(),
            endTime: m.endTime.toISOString(),
            status: m.status === "confirmed" && m.endTime <= at ? "completed" : m.status,
          }),
        ),
      };
    },

    async create(hostUserId: string, input: ContactInput): Promise<ContactDto> {
      try {
        const row = await db.transaction(async (tx) => {
          const txRepo = createContactsRepo(tx);
          const created = await txRepo.insert({
            hostUserId,
            ...input,
            // Everything the host typed is theirs: a later booking never overwrites it.
            hostEdited: FILLABLE_FIELDS.filter((f) => !isBlank(input[f])),
            source: "manual",
          });
          // Meetings booked before the contact was added still count.
          await txRepo.recountMeetings(hostUserId, created.email, now());
          const row = await owned(hostUserId, created.id, txRepo);
          await announce(tx, "created", row);
          return row;
        });
        return toContactDto(row);
      } catch (error) {
        if (databaseErrorCode(error) === "23505") throw await emailTaken(hostUserId, input.email);
        throw error;
      }
    },

    async update(hostUserId: string, id: string, patch: ContactPatch): Promise<ContactDto> {
      try {
        const row = await db.transaction(async (tx) => {
          const txRepo = createContactsRepo(tx);
          const current = await owned(hostUserId, id, txRepo);
          const edited = FILLABLE_FIELDS.filter((f) => patch[f] !== undefined);
          const hostEdited = [...new Set([...current.hostEdited, ...edited])];
          const updated = await txRepo.update(hostUserId, id, { ...patch, hostEdited });
          if (!updated) throw notFound(CONTACT_NOT_FOUND);
          let row = updated;
          if (patch.email && patch.email !== current.email) {
            await txRepo.recountMeetings(hostUserId, updated.email, now());
            row = await owned(hostUserId, id, txRepo);
          }
          await announce(tx, "updated", row);
          return row;
        });
        return toContactDto(row);
      } catch (error) {
        if (databaseErrorCode(error) === "23505" && patch.email) {
          throw await emailTaken(hostUserId, patch.email);
        }
        throw error;
      }
    },

    async remove(hostUserId: string, id: string): Promise<void> {
      if (!(await repo.remove(hostUserId, id))) throw notFound(CONTACT_NOT_FOUND);
    },

    /** Adds tags (trimmed, case-insensitively unique, at most MAX_TAGS in all). */
    async addTags(hostUserId: string, id: string, tags: string[]): Promise<ContactDto> {
      return db.transaction(async (tx) => {
        const txRepo = createContactsRepo(tx);
        const row = await owned(hostUserId, id, txRepo);
        const merged = normalizeTags([...row.tags, ...tags]);
        if (typeof merged === "string") throw badRequest(merged, { tags: merged });
        const hostEdited = [...new Set([...row.hostEdited, "tags"])];
        const updated = await txRepo.update(hostUserId, id, { tags: merged, hostEdited });
        if (!updated) throw notFound(CONTACT_NOT_FOUND);
        await announce(tx, "updated", updated);
        return toContactDto(updated);
      });
    },

    async removeTag(hostUserId: string, id: string, tag: string): Promise<ContactDto> {
      return db.transaction(async (tx) => {
        const txRepo = createContactsRepo(tx);
        const row = await owned(hostUserId, id, txRepo);
        const key = tag.trim().toLowerCase();
        const tags = row.tags.filter((t) => t.toLowerCase() !== key);
        if (tags.length === row.tags.length) throw notFound("Tag not found");
        const hostEdited = [...new Set([...row.hostEdited, "tags"])];
        const updated = await txRepo.update(hostUserId, id, { tags, hostEdited });
        if (!updated) throw notFound(CONTACT_NOT_FOUND);
        await announce(tx, "updated", updated);
        return toContactDto(updated);
      });
    },

    async avatar(hostUserId: string, id: string) {
      const found = await repo.avatar(hostUserId, id);
      if (!found) throw notFound("No picture");
      return found;
    },

    async setAvatar(hostUserId: string, id: string, contentType: string, data: Buffer): Promise<ContactDto> {
      return db.transaction(async (tx) => {
        const txRepo = createContactsRepo(tx);
        const row = await owned(hostUserId, id, txRepo);
        await txRepo.saveAvatar(row.id, contentType, data);
        const updated = await txRepo.update(hostUserId, id, { avatarVersion: (row.avatarVersion ?? 0) + 1 });
        if (!updated) throw notFound(CONTACT_NOT_FOUND);
        return toContactDto(updated);
      });
    },

    async removeAvatar(hostUserId: string, id: string): Promise<ContactDto> {
      return db.transaction(async (tx) => {
        const txRepo = createContactsRepo(tx);
        const row = await owned(hostUserId, id, txRepo);
        await txRepo.removeAvatar(row.id);
        const updated = await txRepo.update(hostUserId, id, { avatarVersion: null });
        if (!updated) throw notFound(CONTACT_NOT_FOUND);
        return toContactDto(updated);
      });
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

function isBlank(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  return value === undefined || value === null || value === "";
}
