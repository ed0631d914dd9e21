import { randomUUID, timingSafeEqual } from "node:crypto";
import { NO_LONGER_AVAILABLE_MESSAGE } from "../../../contract/booking-constants.js";
import {
  type BookingDto,
  type CancelBookingBody,
  type CreateBookingAnswer,
  type createBookingBody,
  type ListBookingsQuery,
  type Pagination,
  SLOT_TAKEN_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
} from "../../../contract/bookings.js";
import { DEFAULT_CALENDAR_SETTINGS } from "../../../contract/calendar-settings.js";
import { phoneRule } from "../../../contract/event-types.js";
import { localDateRange } from "../../../domain/availability/index.js";
import { chooseLocation, meetingInfo, unansweredQuestion } from "../../../domain/booking-rules.js";
import { inviteePhone } from "../../../domain/phone.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import type { BookingRow } from "../../db/schema/index.js";
import { together } from "../../db/together.js";
import { derivedToken, randomToken, sha256 } from "../../lib/crypto.js";
import { databaseErrorCode } from "../../lib/error-handler.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import {
  type BookingMailData,
  type BookingMailKind,
  bookingMessages,
  inviteFile,
  manageLinks,
  type PreviousAssignment,
  reassignedAwayMessage,
} from "../../mail/booking-mails.js";
import { createMailEnqueuer } from "../../mail/outbox.js";
import type { CalendarSettingsService } from "../calendar-settings/service.js";
import { type EventContext, isOpen, isSeated, type SlotsService, slotKeyFor } from "../slots/service.js";
import { announce, type BookingActor, type BookingListener, listen, react } from "./events.js";
import { type BookingRecord, createBookingInsert, createBookingsRepo } from "./repo.js";
import { hostForMove, placeTeamBooking, teamHostPerson, teamHostZone } from "./service-team.js";

type CreateInput = import("zod").infer<typeof createBookingBody>;
type Actor = BookingActor;

const BOOKING_NOT_FOUND = "Booking not found";
const EVENT_NOT_FOUND = "Event type not found";
const slotTaken = () => conflict(SLOT_TAKEN_MESSAGE, "SLOT_TAKEN");
const closed = (message: string) => conflict(message, "BOOKING_CLOSED");
const gone = () => new AppError(410, NO_LONGER_AVAILABLE_MESSAGE, "NO_LONGER_AVAILABLE");

export interface BookingsDeps {
  slots: SlotsService;
  calendarSettings: CalendarSettingsService;
  now: () => Date;
  publicUrl: string;
  /** Features told of every change inside its transaction (see events.ts); buildApp registers them. */
  listeners?: readonly BookingListener[];
  /**
   * Makes the meeting link of a google_meet booking before it commits (the calendars feature), so the
   * answer, the mails and the invite carry it. Null: no link now (the booking goes ahead without one).
   */
  prepareMeeting?: (input: { rec: BookingRecord }) => Promise<PreparedMeeting | null>;
}

/** A meeting made for a booking about to be written: recorded with it, or undone if it fails. */
export interface PreparedMeeting {
  meetingLink: string;
  record(tx: import("../../db/client.js").Tx, bookingId: string): Promise<void>;
  discard(): Promise<void>;
}

/** What a change's mails need beside the booking: the invitee's manage token, whether the host hears of it. */
interface MailOptions {
  manageToken: string | null;
  notifyHost: boolean;
  previousStart?: Date;
  by?: Actor;
}

export function createBookingsService(db: Db, deps: BookingsDeps) {
  const { slots, now } = deps;
  const listeners = deps.listeners ?? [];
  const insertBooking = createBookingInsert(db);
  const enqueue = createMailEnqueuer(db);

  /** The mails of a change (text, HTML and invite), rendered. */
  function messagesOf(kind: BookingMailKind, rec: BookingRecord, o: MailOptions) {
    return bookingMessages(kind, mailData(rec, o.previousStart, o.by), {
      publicUrl: deps.publicUrl,
      manageToken: o.manageToken,
      stamp: now(),
      notifyHost: o.notifyHost,
    });
  }

  /** Queues the mails of a change inside its transaction: they go out if and only if it commits. */
  async function mail(tx: DbOrTx, kind: BookingMailKind, rec: BookingRecord, o: MailOptions) {
    await enqueue(tx, messagesOf(kind, rec, o));
  }

  /** Runs a booking write; the exclusion constraint and the idempotency index answer "taken". */
  async function guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const code = databaseErrorCode(error);
      if (code === "23P01" || code === "23505") throw slotTaken();
      throw error;
    }
  }

  async function byToken(uid: string, token: string): Promise<BookingRecord> {
    const rec = await createBookingsRepo(db).findByUid(uid);
    if (!rec || !holdsToken(rec.booking, token)) throw notFound(BOOKING_NOT_FOUND);
    return rec;
  }

  /**
   * A retried create finds its booking; the same invitee with other details is told so. The manage
   * token comes back only to the holder of the idempotency key it was derived from.
   */
  async function identical(
    body: CreateInput,
    phone: string,
    start: Date,
    idempotencyKey?: string,
  ): Promise<CreateBookingAnswer | undefined> {
    const found = await createBookingsRepo(db).findIdentical(body.eventTypeId, start, body.attendee.email);
    if (!found) return undefined;
    const b = found.booking;
    if (b.attendeeName !== body.attendee.name || b.attendeePhone !== phone) {
      throw conflict("You already have a booking at this time.", "ALREADY_BOOKED");
    }
    const dto = toBookingDto(found, now());
    const token = idempotencyKey ? keyedManageToken(idempotencyKey, b.uid) : null;
    if (token && holdsToken(b, token)) return { ...dto, manageToken: token };
    // Without the key, knowing an invitee's name, email and phone must not reveal the rest.
    const { _id, uid, eventType, attendee, startTime, endTime, status, host } = dto;
    return { _id, uid, eventType, attendee, startTime, endTime, status, host };
  }

  async function cancel(rec: BookingRecord, by: Actor, body: CancelBookingBody, manageToken: string | null) {
    const notifyHost =
      by === "host" || (await deps.calendarSettings.get(rec.host.id)).notifications.emailOnCancellation;
    return db.transaction(async (tx) => {
      const repo = createBookingsRepo(tx);
      const locked = await repo.findByUid(rec.booking.uid, { lock: true });
      if (!locked) throw notFound(BOOKING_NOT_FOUND);
      assertOpen(locked.booking, now());
      const row = await repo.update(locked.booking.id, {
        status: "cancelled",
        cancelledAt: now(),
        cancelReason: body.reason,
        cancelNote: body.note || null,
        cancelledBy: by,
        icsSequence: locked.booking.icsSequence + 1,
      });
      if (!row) throw notFound(BOOKING_NOT_FOUND);
      const updated = { ...locked, booking: row };
      await mail(tx, "cancelled", updated, { manageToken, notifyHost });
      await announce(listeners, tx, { kind: "cancelled", booking: updated, by });
      return toBookingDto(updated, now());
    });
  }

  /**
   * Moves the same booking (same id, uid and links) to another bookable slot of its event type and
   * frees the old one: SEQUENCE and the reschedule count go up, and both sides get the updated invite.
   * The invitee's mail always carries manage links: their own token when they moved it, else a new one.
   */
  async function move(rec: BookingRecord, start: Date, by: Actor, manageToken: string | null) {
    assertOpen(rec.booking, now());
    if (start.getTime() === rec.booking.startTime.getTime()) return toBookingDto(rec, now());
    if (!rec.booking.eventTypeId) throw notFound(EVENT_NOT_FOUND);
    const checked = await slots.check({ id: rec.booking.eventTypeId }, start, rec.booking.id);
    if (!checked?.ctx.eventType.isActive) throw notFound(EVENT_NOT_FOUND);
    if (checked.taken) throw slotTaken();
    if (!checked.bookable) throw conflict(SLOT_UNAVAILABLE_MESSAGE, "SLOT_UNAVAILABLE");
    const { ctx } = checked;
    return guarded(() =>
      db.transaction(async (tx) => {
        const repo = createBookingsRepo(tx);
        const locked = await repo.findByUid(rec.booking.uid, { lock: true });
        if (!locked) throw notFound(BOOKING_NOT_FOUND);
        assertOpen(locked.booking, now());
        const previousStart = locked.booking.startTime;
        // Round robin: the host stays when free at the new time, else the next free host by fairness takes it.
        let assigned: { hostUserId: string; hostTimezone: string } | undefined;
        let previous: PreviousAssignment | undefined;
        if (ctx.teamHosts && ctx.eventType.kind === "round-robin") {
          const candidates = await hostForMove(tx, ctx, checked.freeHosts, locked.booking.hostUserId, now());
          const first = candidates[0];
          if (!first) throw slotTaken();
          if (first.host.id !== locked.booking.hostUserId) {
            assigned = { hostUserId: first.host.id, hostTimezone: teamHostZone(first) };
            previous = {
              host: { name: locked.host.name, email: locked.host.email },
              hostZone: locked.booking.hostTimezone,
              start: locked.booking.startTime,
              end: locked.booking.endTime,
            };
            locked.host = teamHostPerson(first);
          }
        }
        const slotKey = slotKeyFor(ctx, start, locked.booking.id);
        if (isSeated(ctx)) {
          const event = await repo.lockEventType(ctx.eventType.id);
          if (!event || (await repo.countConfirmedAtSlot(ctx.host.id, slotKey)) >= event.maxInvitees) {
            throw slotTaken();
          }
        }
        // The server keeps only hashes, so a host's move gives the invitee a new token for the mail's
        // links; the old one stays valid for the links in earlier mails.
        const inviteeToken = manageToken ?? randomToken(32);
        const row = await repo.update(locked.booking.id, {
          ...assigned,
          startTime: start,
          endTime: new Date(start.getTime() + ctx.eventType.duration * 60_000),
          slotKey,
          icsSequence: locked.booking.icsSequence + 1,
          rescheduleCount: locked.booking.rescheduleCount + 1,
          ...(manageToken
            ? {}
            : {
                manageTokenHash: sha256(inviteeToken),
                earlierManageTokenHashes: [
                  ...locked.booking.earlierManageTokenHashes,
                  locked.booking.manageTokenHash,
                ],
              }),
        });
        if (!row) throw notFound(BOOKING_NOT_FOUND);
        const updated = { ...locked, booking: row };
        await mail(tx, "rescheduled", updated, {
          manageToken: inviteeToken,
          notifyHost: true,
          previousStart,
          by,
        });
        if (previous) {
          const away = reassignedAwayMessage(mailData(updated, previousStart, by), previous, {
            publicUrl: deps.publicUrl,
            stamp: now(),
          });
          await enqueue(tx, [away]);
        }
        await announce(listeners, tx, {
          kind: "moved",
          booking: updated,
          previousStart,
          previousEnd: locked.booking.endTime,
          by,
        });
        return toBookingDto(updated, now());
      }),
    );
  }

  return {
    /**
     * Books a slot. `created` false: the same request was made before and this is its booking.
     * With an idempotency key the manage token is derived from it (and the booking's uid), so the
     * server can hand it out again to a retry with that key while storing only its hash, as always.
     */
    async create(
      body: CreateInput,
      idempotencyKey?: string,
    ): Promise<{ booking: CreateBookingAnswer; created: boolean }> {
      const start = new Date(body.startTime);
      const checked = await slots.check({ id: body.eventTypeId }, start);
      // A meeting poll is booked by its host from the votes, never from its public link.
      if (!checked?.ctx.eventType.isActive || checked.ctx.eventType.kind === "poll")
        throw notFound(EVENT_NOT_FOUND);
      if (!isOpen(checked.ctx.eventType, now())) throw gone();
      const { ctx } = checked;
      const choice = chooseLocation(ctx.eventType.locations, body.location);
      if ("field" in choice) throw badRequest(choice.message, { [choice.field]: choice.message });
      // Issue 14 item 8: stored as E.164; a phone call needs the number whatever the event type says.
      const phone = inviteePhone(body.attendee, phoneRule(ctx.eventType.phoneField, choice.location?.type));
      if (!phone.ok) throw badRequest(phone.message, { "attendee.phone": phone.message });
      if (!checked.bookable) {
        // A retried request finds its own booking in the way: answer with it.
        const existing = await identical(body, phone.phone, start, idempotencyKey);
        if (existing) return { booking: existing, created: false };
        if (checked.taken) throw slotTaken();
        throw conflict(SLOT_UNAVAILABLE_MESSAGE, "SLOT_UNAVAILABLE");
      }
      const unanswered = unansweredQuestion(ctx.eventType.questions, body.answers);
      if (unanswered) {
        const message = `Please answer "${unanswered}"`;
        throw badRequest(message, { answers: message });
      }

      const id = randomUUID();
      const uid = randomToken(16);
      const manageToken = idempotencyKey ? keyedManageToken(idempotencyKey, uid) : randomToken(32);
      const end = new Date(start.getTime() + ctx.eventType.duration * 60_000);
      const notifyHost = (ctx.settings?.notifications ?? DEFAULT_CALENDAR_SETTINGS.notifications)
        .emailOnBooking;
      const values = {
        id,
        uid,
        hostUserId: ctx.host.id,
        eventTypeId: ctx.eventType.id,
        eventTitle: ctx.eventType.title,
        eventColor: ctx.eventType.color,
        eventSlug: ctx.eventType.slug,
        startTime: start,
        endTime: end,
        slotKey: slotKeyFor(ctx, start, id),
        attendeeName: body.attendee.name,
        attendeeEmail: body.attendee.email,
        attendeePhone: phone.phone,
        attendeeTimezone: body.attendee.timezone,
        hostTimezone: ctx.schedule?.timezone ?? ctx.host.timezone,
        location: choice.location,
        answers: body.answers,
        guests: body.guests.filter((g) => g !== body.attendee.email),
        message: body.message,
        manageTokenHash: sha256(manageToken),
      };
      const prepared =
        values.location?.type === "google_meet" && deps.prepareMeeting
          ? await deps.prepareMeeting({ rec: recordOf(draftRow(values, now()), ctx) })
          : null;
      if (prepared && values.location) values.location = { ...values.location, value: prepared.meetingLink };
      const mailOptions = { manageToken, notifyHost };
      try {
        // Before the transaction, from the row about to be written: the other features read what they
        // react with (see BookingListener), and the mails are rendered (about a millisecond, for which
        // the transaction would hold the embedded database). A team booking's host is chosen inside
        // the transaction, so for it both happen there.
        const draft = ctx.teamHosts ? null : recordOf(draftRow(values, now()), ctx);
        const reactions = draft && (await listen(listeners, db, { kind: "created", booking: draft }));
        const messages = draft && messagesOf("created", draft, mailOptions);
        const booking = await guarded(() =>
          db.transaction(async (tx) => {
            const repo = createBookingsRepo(tx);
            if (isSeated(ctx)) {
              // Seats of one slot are counted under a lock on the event type, so they never oversell.
              const locked = await repo.lockEventType(ctx.eventType.id);
              if (
                !locked ||
                (await repo.countConfirmedAtSlot(ctx.host.id, values.slotKey)) >= locked.maxInvitees
              ) {
                throw slotTaken();
              }
            }
            if (ctx.eventType.kind === "one-off" && !(await repo.lockOpenEventType(ctx.eventType.id)))
              throw gone();
            let rec: BookingRecord;
            if (ctx.teamHosts) {
              const placed = await placeTeamBooking(tx, ctx, checked.freeHosts, values, now());
              if (!placed) throw slotTaken();
              rec = recordOf(placed.row, ctx, placed.host, placed.coHosts);
            } else {
              rec = recordOf(await insertBooking(tx, values), ctx);
            }
            await prepared?.record(tx, id);
            // A one-off link works once.
            if (ctx.eventType.kind === "one-off") await repo.closeEventType(ctx.eventType.id, now());
            const change = { kind: "created", booking: rec } as const;
            // Sent together (db/together.ts): on PGlite one round trip for the mails and every reaction.
            await together(tx, [
              () => enqueue(tx, messages ?? messagesOf("created", rec, mailOptions)),
              () => (reactions ? react(reactions, tx, change) : announce(listeners, tx, change)),
            ]);
            return toBookingDto(rec, now());
          }),
        );
        return { booking: { ...booking, manageToken }, created: true };
      } catch (error) {
        // The booking did not happen: neither does its meeting.
        await prepared?.discard();
        // Two identical requests raced: the loser answers with the winner's booking.
        if (error instanceof AppError && error.errorCode === "SLOT_TAKEN") {
          const again = await identical(body, phone.phone, start, idempotencyKey);
          if (again) return { booking: again, created: false };
        }
        throw error;
      }
    },

    /**
     * Books a meeting poll at one of its times: one booking, the first voter as its attendee and the
     * others as guests, so each gets their own invite; the poll closes with it. Only its host.
     */
    async bookPoll(
      hostId: string,
      eventTypeId: string,
      start: Date,
      people: { name: string; email: string }[],
    ): Promise<BookingDto> {
      const checked = await slots.check({ id: eventTypeId }, start);
      const ctx = checked?.ctx;
      if (!ctx || ctx.host.id !== hostId || ctx.eventType.kind !== "poll") throw notFound(EVENT_NOT_FOUND);
      if (!ctx.eventType.fixedTimes.includes(start.toISOString())) {
        throw badRequest("Choose one of the poll's times", { startTime: "Not a proposed time" });
      }
      const [first, ...others] = people;
      if (!first)
        throw badRequest("Nobody can attend this time yet.", { startTime: "No yes or if-need-be votes" });
      const id = randomUUID();
      const manageToken = randomToken(32);
      return guarded(() =>
        db.transaction(async (tx) => {
          const repo = createBookingsRepo(tx);
          if (!(await repo.lockOpenEventType(eventTypeId))) throw gone();
          const row = await insertBooking(tx, {
            id,
            uid: randomToken(16),
            hostUserId: ctx.host.id,
            eventTypeId,
            eventTitle: ctx.eventType.title,
            eventColor: ctx.eventType.color,
            eventSlug: ctx.eventType.slug,
            startTime: start,
            endTime: new Date(start.getTime() + ctx.eventType.duration * 60_000),
            slotKey: id,
            attendeeName: first.name,
            attendeeEmail: first.email,
            attendeePhone: "",
            attendeeTimezone: ctx.schedule?.timezone ?? ctx.host.timezone,
            hostTimezone: ctx.schedule?.timezone ?? ctx.host.timezone,
            location: ctx.eventType.locations[0] ?? null,
            answers: [],
            guests: others.map((p) => p.email).filter((e) => e !== first.email),
            message: "",
            manageTokenHash: sha256(manageToken),
          });
          await repo.closeEventType(eventTypeId, now(), row.id);
          const rec = recordOf(row, ctx);
          await mail(tx, "created", rec, { manageToken, notifyHost: true });
          await announce(listeners, tx, { kind: "created", booking: rec });
          return toBookingDto(rec, now());
        }),
      );
    },

    async getPublic(uid: string, token: string): Promise<BookingDto> {
      return toBookingDto(await byToken(uid, token), now());
    },

    /** The current invite as a file (CANCEL once cancelled). */
    async icsPublic(uid: string, token: string): Promise<string> {
      const rec = await byToken(uid, token);
      const data = mailData(rec);
      const links = manageLinks(deps.publicUrl, data.uid, data.hostUsername, data.slug, token);
      return inviteFile(data, rec.booking.status === "cancelled", now(), { links });
    },

    async cancelByInvitee(uid: string, body: CancelBookingBody & { token: string }): Promise<BookingDto> {
      return cancel(await byToken(uid, body.token), "invitee", body, body.token);
    },

    async cancelByHost(hostId: string, id: string, body: CancelBookingBody): Promise<BookingDto> {
      const rec = await createBookingsRepo(db).findForHost(hostId, id);
      if (!rec) throw notFound(BOOKING_NOT_FOUND);
      return cancel(rec, "host", body, null);
    },

    /** The invitee moves their booking by its manage link. */
    async rescheduleByInvitee(uid: string, body: { token: string; startTime: string }): Promise<BookingDto> {
      return move(await byToken(uid, body.token), new Date(body.startTime), "invitee", body.token);
    },

    /** The host moves one of their bookings (Edit on the Meetings screen); not theirs reads 404. */
    async rescheduleByHost(hostId: string, id: string, body: { startTime: string }): Promise<BookingDto> {
      const rec = await createBookingsRepo(db).findForHost(hostId, id);
      if (!rec) throw notFound(BOOKING_NOT_FOUND);
      return move(rec, new Date(body.startTime), "host", null);
    },

    /**
     * The booking a slot lookup may treat as free: the invitee's (uid and matching token) or the
     * host's own (by id). Anything else is undefined, so the lookup shows the plain public slots.
     */
    async excludable(q: {
      reschedule?: string;
      token?: string;
      excludeBookingId?: string;
      hostId?: string;
    }): Promise<string | undefined> {
      const repo = createBookingsRepo(db);
      let rec: BookingRecord | undefined;
      if (q.reschedule && q.token) {
        rec = await repo.findByUid(q.reschedule);
        if (rec && !holdsToken(rec.booking, q.token)) rec = undefined;
      } else if (q.excludeBookingId && q.hostId) {
        rec = await repo.findForHost(q.hostId, q.excludeBookingId);
      }
      return rec?.booking.status === "confirmed" ? rec.booking.id : undefined;
    },

    async list(
      hostId: string,
      hostZone: string,
      q: ListBookingsQuery,
    ): Promise<{ data: BookingDto[]; pagination: Pagination }> {
      const at = now();
      const { rows, total, capped } = await createBookingsRepo(db).listForHost(hostId, {
        when: q.when,
        status: q.status,
        search: q.search || undefined,
        eventTypeId: q.eventTypeId,
        from: q.from ? boundary(q.from, hostZone, "start") : undefined,
        to: q.to ? boundary(q.to, hostZone, "end") : undefined,
        page: q.page,
        limit: q.limit,
        now: at,
      });
      return {
        data: rows.map((r) =>
          r.booking.hostUserId === hostId ? toBookingDto(r, at) : { ...toBookingDto(r, at), coHosting: true },
        ),
        pagination: {
          page: q.page,
          limit: q.limit,
          total,
          totalPages: Math.ceil(total / q.limit),
          totalCapped: capped,
        },
      };
    },

    /**
     * The host is deleting their account: cancels every booking that has not started, inside the
     * deletion's transaction, and tells the invitees and guests (the mails are queued with it).
     * Returns how many were cancelled.
     */
    async cancelUpcomingForDeletedHost(tx: Tx, hostId: string): Promise<number> {
      const repo = createBookingsRepo(tx);
      const upcoming = await repo.lockUpcomingForHost(hostId, now());
      for (const rec of upcoming) {
        const row = await repo.update(rec.booking.id, {
          status: "cancelled",
          cancelledAt: now(),
          cancelReason: "Other",
          cancelNote: `${rec.host.name} closed their scheduling account.`,
          cancelledBy: "host",
          icsSequence: rec.booking.icsSequence + 1,
        });
        if (!row) continue;
        const updated = { ...rec, booking: row };
        await mail(tx, "cancelled", updated, { manageToken: null, notifyHost: false });
        await announce(listeners, tx, { kind: "cancelled", booking: updated, by: "host" });
      }
      return upcoming.length;
    },

    /** Every booking of the host, for the account export. */
    async exportForHost(hostId: string): Promise<BookingDto[]> {
      const at = now();
      return (await createBookingsRepo(db).allForHost(hostId)).map((rec) => toBookingDto(rec, at));
    },

    /**
     * Puts a meeting link made after the booking (a calendar retry created the Meet) on its location;
     * the invite's SEQUENCE goes up so a downloaded invite replaces the older one.
     */
    async setMeetingLink(hostId: string, id: string, link: string): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = createBookingsRepo(tx);
        const rec = await repo.findForHost(hostId, id, { lock: true });
        const location = rec?.booking.location;
        if (!rec || !location || location.value === link) return;
        await repo.update(id, {
          location: { ...location, value: link },
          icsSequence: rec.booking.icsSequence + 1,
        });
      });
    },

    async get(hostId: string, id: string): Promise<BookingDto> {
      const rec = await createBookingsRepo(db).findForHost(hostId, id);
      if (!rec) throw notFound(BOOKING_NOT_FOUND);
      return toBookingDto(rec, now());
    },

    /** A booking as it is now with its host, for background work (workflows); not the host's: undefined. */
    record(hostId: string, id: string): Promise<BookingRecord | undefined> {
      return createBookingsRepo(db).findForHost(hostId, id);
    },

    /** The host's confirmed bookings that have not ended yet (workflows plan reminders for them). */
    async upcomingForHost(hostId: string): Promise<BookingRecord[]> {
      const repo = createBookingsRepo(db);
      const at = now();
      const all: BookingRecord[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await repo.upcomingConfirmed(hostId, at, PAGE, offset);
        all.push(...page);
        if (page.length < PAGE) return all;
      }
    },

    /**
     * A fresh manage token for the invitee's links in a workflow message (the server keeps only
     * hashes, so it cannot reuse the one mailed at booking); every earlier token stays valid.
     */
    async issueManageToken(hostId: string, id: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const repo = createBookingsRepo(tx);
        const rec = await repo.findForHost(hostId, id, { lock: true });
        if (!rec) return null;
        const token = randomToken(32);
        await repo.update(id, {
          earlierManageTokenHashes: [...rec.booking.earlierManageTokenHashes, sha256(token)],
        });
        return token;
      });
    },

    /** Marks (or unmarks) an invitee who did not come; only once the meeting has started. */
    async setNoShow(hostId: string, id: string, noShow: boolean): Promise<BookingDto> {
      return db.transaction(async (tx) => {
        const repo = createBookingsRepo(tx);
        const rec = await repo.findForHost(hostId, id, { lock: true });
        if (!rec) throw notFound(BOOKING_NOT_FOUND);
        const b = rec.booking;
        if (b.status === "cancelled") throw closed("This booking has been cancelled.");
        if (b.startTime > now())
          throw badRequest("A meeting can be marked as a no-show once it has started.");
        const row = await repo.update(b.id, { status: noShow ? "no_show" : "confirmed" });
        if (!row) throw notFound(BOOKING_NOT_FOUND);
        const updated = { ...rec, booking: row };
        await announce(listeners, tx, { kind: "no_show", booking: updated, noShow });
        return toBookingDto(updated, now());
      });
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;

/** Rows per query when reading all of a host's upcoming bookings. */
const PAGE = 2000;

function assertOpen(b: BookingRow, at: Date): void {
  if (b.status === "cancelled") throw closed("This booking has already been cancelled.");
  if (b.status !== "confirmed" || b.startTime <= at) throw closed("This meeting has already taken place.");
}

/** The manage token of a booking created under an idempotency key: only that key recomputes it. */
const keyedManageToken = (idempotencyKey: string, uid: string) =>
  derivedToken(idempotencyKey, `kairos manage token ${uid}`);

/** Whether `token` is the booking's manage token, or one it had before a host's move. */
function holdsToken(booking: BookingRow, token: string): boolean {
  const given = Buffer.from(sha256(token), "hex");
  return [booking.manageTokenHash, ...booking.earlierManageTokenHashes].some((hash) => {
    const stored = Buffer.from(hash, "hex");
    return given.length === stored.length && timingSafeEqual(given, stored);
  });
}

/** A filter bound: an instant as given, or a date's start (or the next date's start for `end`) in the host's zone. */
function boundary(value: string, zone: string, side: "start" | "end"): Date {
  if (value.includes("T")) return new Date(value);
  const range = localDateRange(value, zone);
  return new Date(side === "start" ? range.from : range.to);
}

/** The row a booking will be once inserted, for work done before the insert (a Meet link). */
function draftRow(values: Omit<BookingRow, DraftDefaults>, at: Date): BookingRow {
  return {
    ...values,
    status: "confirmed",
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
type DraftDefaults =
  | "status"
  | "earlierManageTokenHashes"
  | "icsSequence"
  | "rescheduleCount"
  | "cancelledAt"
  | "cancelReason"
  | "cancelNote"
  | "cancelledBy"
  | "createdAt"
  | "updatedAt"
  | "searchText";

function recordOf(
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
    },
    host: { id: host.id, name: host.name, email: host.email, username: host.username },
    coHosts,
  };
}

/** What the mails and the invite file say about a booking. */
function mailData(rec: BookingRecord, previousStart?: Date, movedBy?: Actor): BookingMailData {
  const b = rec.booking;
  return {
    uid: b.uid,
    sequence: b.icsSequence,
    title: rec.eventType?.title ?? b.eventTitle,
    slug: rec.eventType?.slug ?? b.eventSlug,
    hostUsername: rec.host.username,
    start: b.startTime,
    end: b.endTime,
    hostZone: b.hostTimezone,
    host: { name: rec.host.name, email: rec.host.email },
    coHosts: rec.coHosts.map((h) => ({ name: h.name, email: h.email })),
    attendee: {
      name: b.attendeeName,
      email: b.attendeeEmail,
      phone: b.attendeePhone,
      timezone: b.attendeeTimezone,
    },
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
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    cancelReason: b.cancelReason,
    cancelledBy: b.cancelledBy,
    host: { name: rec.host.name, timezone: b.hostTimezone, username: rec.host.username },
    hosts: [rec.host, ...rec.coHosts].map((h) => ({ name: h.name })),
    rescheduleCount: b.rescheduleCount,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
