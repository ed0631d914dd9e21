import { timingSafeEqual } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { NO_LONGER_AVAILABLE_MESSAGE } from "../../../contract/booking-constants.js";
import { type BookingDto, SLOT_TAKEN_MESSAGE } from "../../../contract/bookings.js";
import { localizedEventText } from "../../../contract/event-type-translations.js";
import { localDateRange } from "../../../domain/availability/index.js";
import { meetingInfo } from "../../../domain/booking-rules.js";
import type { Db, DbOrTx } from "../../db/client.js";
import type { BookingRow } from "../../db/schema/index.js";
import { derivedToken, sha256 } from "../../lib/crypto.js";
import { databaseErrorCode } from "../../lib/error-handler.js";
import { AppError, conflict } from "../../lib/errors.js";
import {
  type BookingMailData,
  type BookingMailKind,
  bookingMessages,
  type SeriesMailData,
} from "../../mail/booking-mails.js";
import { createMailEnqueuer } from "../../mail/outbox.js";
import type { EventContext } from "../slots/service.js";
import type { BookingActor } from "./events.js";
import type { BookingInsert, BookingRecord } from "./repo.js";

/**
 * What the bookings service's parts share (service.ts makes and reads bookings, service-changes.ts
 * changes them): the answers for "not found" and "taken", the mails of a change, and how a booking
 * row becomes a record, an answer and a mail.
 */

export const BOOKING_NOT_FOUND = "Booking not found";
export const EVENT_NOT_FOUND = "Event type not found";
export const slotTaken = () => conflict(SLOT_TAKEN_MESSAGE, "SLOT_TAKEN");
export const closed = (message: string) => conflict(message, "BOOKING_CLOSED");
export const gone = () => new AppError("NO_LONGER_AVAILABLE", NO_LONGER_AVAILABLE_MESSAGE);

/**
 * Runs a booking write (a transaction, run again as a whole if need be); the exclusion constraint and
 * the idempotency index answer "taken". Two writes whose rows conflict on the constraint can each
 * wait for the other (a move racing a new booking of that time; new bookings themselves take slot
 * locks first, repo-insert.ts): PostgreSQL aborts one of them as a deadlock, and that one runs again,
 * now after the other, so it answers as a later request would ("taken", or made when the other
 * failed) instead of failing.
 */
export async function guarded<T>(fn: () => Promise<T>, retries = DEADLOCK_RETRIES): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const code = databaseErrorCode(error);
    if (code === "40P01" && retries > 0) {
      // Apart in time, so the racers that deadlocked together do not meet again at once.
      await sleep(Math.random() * DEADLOCK_JITTER_MS);
      return guarded(fn, retries - 1);
    }
    if (code === "23P01" || code === "23505") throw slotTaken();
    throw error;
  }
}

/** Tries after a deadlock: it strikes again only when yet another racer inserts at that moment. */
const DEADLOCK_RETRIES = 3;
const DEADLOCK_JITTER_MS = 50;

/** What a change's mails need beside the booking: the invitee's manage token, whether the host hears of it. */
export interface MailOptions {
  manageToken: string | null;
  notifyHost: boolean;
  /** A series' confirmation (issue 28 item 3): its dates in the mails, its RRULE in the invite. */
  series?: SeriesMailData;
  /** Other events the change updates, attached as their own invites (BookingMailData.alsoInvites). */
  alsoInvites?: BookingMailData["alsoInvites"];
  previousStart?: Date;
  by?: BookingActor;
  /** The other attendees' names, for a seat whose host shows them (service-seats.ts seatMates). */
  otherAttendees?: string[] | null;
}

/** The mails of booking changes, rendered and queued in the change's transaction. */
export function createBookingMailer(db: Db, deps: { publicUrl: string; now: () => Date }) {
  const enqueue = createMailEnqueuer(db);

  /** The mails of a change (text, HTML and invite), rendered. */
  function messagesOf(kind: BookingMailKind, rec: BookingRecord, o: MailOptions) {
    const data = {
      ...mailData(rec, o.previousStart, o.by),
      ...(o.series ? { series: o.series } : {}),
      ...(o.alsoInvites?.length ? { alsoInvites: o.alsoInvites } : {}),
      otherAttendees: o.otherAttendees ?? undefined,
    };
    return bookingMessages(kind, data, {
      publicUrl: deps.publicUrl,
      manageToken: o.manageToken,
      stamp: deps.now(),
      notifyHost: o.notifyHost,
    });
  }

  return {
    enqueue,
    messagesOf,
    /** Queues the mails of a change inside its transaction: they go out if and only if it commits. */
    async mail(tx: DbOrTx, kind: BookingMailKind, rec: BookingRecord, o: MailOptions) {
      await enqueue(tx, messagesOf(kind, rec, o));
    },
  };
}

export type BookingMailer = ReturnType<typeof createBookingMailer>;

export function assertOpen(b: BookingRow, at: Date, allowPending = false): void {
  if (b.status === "cancelled") throw closed("This booking has already been cancelled.");
  if (b.status === "declined") throw closed("This request was declined.");
  if (b.status === "expired") throw closed("This request expired before it was confirmed.");
  if (b.status === "pending" && !allowPending)
    throw closed("This request is awaiting the host's approval: it can be cancelled, not moved.");
  if (b.status === "pending" && b.startTime > at) return;
  if (b.status !== "confirmed" || b.startTime <= at) throw closed("This meeting has already taken place.");
}

/** The manage token of a booking created under an idempotency key: only that key recomputes it. */
export const keyedManageToken = (idempotencyKey: string, uid: string) =>
  derivedToken(idempotencyKey, `kairos manage token ${uid}`);

/** Whether `token` is the booking's manage token, or one it had before a host's move. */
export function holdsToken(booking: BookingRow, token: string): boolean {
  const given = Buffer.from(sha256(token), "hex");
  return [booking.manageTokenHash, ...booking.earlierManageTokenHashes].some((hash) => {
    const stored = Buffer.from(hash, "hex");
    return given.length === stored.length && timingSafeEqual(given, stored);
  });
}

/** A filter bound: an instant as given, or a date's start (or the next date's start for `end`) in the host's zone. */
export function boundary(value: string, zone: string, side: "start" | "end"): Date {
  if (value.includes("T")) return new Date(value);
  const range = localDateRange(value, zone);
  return new Date(side === "start" ? range.from : range.to);
}

/** The row a booking will be once inserted, for work done before the insert (a Meet link). */
export function draftRow(values: DraftValues, at: Date): BookingRow {
  return {
    ...values,
    attribution: values.attribution ?? null,
    status: values.status ?? "confirmed",
    requestExpiresAt: values.requestExpiresAt ?? null,
    approvalTokenHash: values.approvalTokenHash ?? null,
    seriesId: values.seriesId ?? null,
    seriesIndex: values.seriesIndex ?? null,
    earlierManageTokenHashes: [],
    icsSequence: 0,
    rescheduleCount: 0,
    cancelledAt: null,
    cancelReason: null,
    cancelNote: null,
    cancelledBy: null,
    createdAt: at,
    updatedAt: at,
    // Computed by the database on insert; nothing before it reads this.
    searchText: "",
  };
}

/** Rows per query when reading all of a host's upcoming bookings. */
export const UPCOMING_PAGE = 2000;

/** What a new booking is made of: the row but its defaults, attribution optional (as the insert takes it). */
export type DraftValues = Omit<BookingRow, DraftDefaults | "attribution" | RequestFields> &
  Pick<BookingInsert, "attribution" | RequestFields>;

/** What makes a new booking a request (issue 28); a plain booking leaves them out. */
type RequestFields = "status" | "requestExpiresAt" | "approvalTokenHash" | SeriesFields;
/** What makes a booking an occurrence of a series (issue 28 item 3); a single booking leaves them out. */
type SeriesFields = "seriesId" | "seriesIndex";

/** The columns a new row takes from their defaults (draftRow fills them as the insert will). */
export type DraftDefaults = Exclude<keyof BookingRow, keyof BookingInsert>;

export function recordOf(
  row: BookingRow,
  ctx: EventContext,
  host: BookingRecord["host"] = ctx.host,
  coHosts: BookingRecord["coHosts"] = [],
): BookingRecord {
  const et = ctx.eventType;
  return {
    booking: row,
    eventType: {
      id: et.id,
      title: et.title,
      color: et.color,
      slug: et.slug,
      duration: et.duration,
      kind: et.kind,
      translations: et.translations,
    },
    host: {
      id: host.id,
      name: host.name,
      email: host.email,
      username: host.username,
      appLanguage: host.appLanguage,
    },
    coHosts,
  };
}

/** The title in the booking's language where its host wrote one (issue 27), else undefined. */
export function inviteeTitleOf(rec: BookingRecord): string | undefined {
  const et = rec.eventType;
  if (!et) return undefined;
  const title = localizedEventText(et, rec.booking.language).title;
  return title === et.title ? undefined : title;
}

/** What the mails and the invite file say about a booking. */
export function mailData(rec: BookingRecord, previousStart?: Date, movedBy?: BookingActor): BookingMailData {
  const b = rec.booking;
  return {
    uid: b.uid,
    sequence: b.icsSequence,
    title: rec.eventType?.title ?? b.eventTitle,
    inviteeTitle: inviteeTitleOf(rec),
    slug: rec.eventType?.slug ?? b.eventSlug,
    hostUsername: rec.host.username,
    start: b.startTime,
    end: b.endTime,
    hostZone: b.hostTimezone,
    host: { name: rec.host.name, email: rec.host.email },
    hostLanguage: rec.host.appLanguage,
    coHosts: rec.coHosts.map((h) => ({ name: h.name, email: h.email, language: h.appLanguage })),
    attendee: {
      name: b.attendeeName,
      email: b.attendeeEmail,
      phone: b.attendeePhone,
      timezone: b.attendeeTimezone,
    },
    language: b.language,
    guests: b.guests,
    location: b.location,
    meetingLink: meetingInfo(b.location).meetingLink,
    message: b.message,
    answers: b.answers,
    cancelReason: b.cancelReason,
    cancelNote: b.cancelNote,
    cancelledBy: b.cancelledBy,
    previousStart: previousStart ?? null,
    movedBy: movedBy ?? null,
  };
}

export function toBookingDto(rec: BookingRecord, at: Date): BookingDto {
  const b = rec.booking;
  const et = rec.eventType;
  const title = et?.title ?? b.eventTitle;
  return {
    _id: b.id,
    uid: b.uid,
    eventType: {
      _id: et?.id ?? null,
      name: title,
      title,
      color: et?.color ?? b.eventColor,
      slug: et?.slug ?? b.eventSlug,
      duration: Math.round((b.endTime.getTime() - b.startTime.getTime()) / 60_000),
      type: et?.kind ?? null,
      translations: et?.translations ?? {},
    },
    attendee: {
      name: b.attendeeName,
      email: b.attendeeEmail,
      phone: b.attendeePhone,
      timezone: b.attendeeTimezone,
    },
    startTime: b.startTime.toISOString(),
    endTime: b.endTime.toISOString(),
    status: b.status === "confirmed" && b.endTime <= at ? "completed" : b.status,
    location: b.location,
    ...meetingInfo(b.location),
    answers: b.answers,
    guests: b.guests,
    message: b.message,
    attribution: b.attribution ?? null,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    cancelReason: b.cancelReason,
    cancelledBy: b.cancelledBy,
    requestExpiresAt: b.requestExpiresAt?.toISOString() ?? null,
    host: { name: rec.host.name, timezone: b.hostTimezone, username: rec.host.username },
    hosts: [rec.host, ...rec.coHosts].map((h) => ({ name: h.name })),
    rescheduleCount: b.rescheduleCount,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
