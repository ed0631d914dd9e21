import { randomUUID } from "node:crypto";
import { needsApproval, requestExpiry } from "../../../contract/approval.js";
import { BOOKING_REFUSED_MESSAGE } from "../../../contract/blocklist.js";
import {
  type BookingDto,
  type CreateBookingAnswer,
  type createBookingBody,
  SLOT_UNAVAILABLE_MESSAGE,
} from "../../../contract/bookings.js";
import { DEFAULT_CALENDAR_SETTINGS } from "../../../contract/calendar-settings.js";
import { phoneRule } from "../../../contract/event-types.js";
import { DEFAULT_LOCALE } from "../../../contract/languages.js";
import { chooseLocation, unansweredQuestion } from "../../../domain/booking-rules.js";
import { inviteePhone } from "../../../domain/phone.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { together } from "../../db/together.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import { requestMessages } from "../../mail/request-mails.js";
import type { CalendarSettingsService } from "../calendar-settings/service.js";
import { isOpen, isSeated, type SlotsService, slotKeyFor } from "../slots/service.js";
import { announce, type BookingListener, configVersionOf, listen, react } from "./events.js";
import { type BookingRecord, createBookingsRepo } from "./repo.js";
import { createBookingInsert } from "./repo-insert.js";
import { createSeatsRepo } from "./repo-seats.js";
import { createBookingChanges } from "./service-changes.js";
import { assertWithinLimits, limitReachedError } from "./service-limits.js";
import { createHostBookingList } from "./service-list.js";
import { createPollBooking } from "./service-poll.js";
import {
  BOOKING_NOT_FOUND,
  createBookingMailer,
  draftRow,
  EVENT_NOT_FOUND,
  gone,
  guarded,
  holdsToken,
  keyedManageToken,
  mailData,
  UPCOMING_PAGE as PAGE,
  recordOf,
  slotTaken,
  toBookingDto,
} from "./service-records.js";
import { createBookingRequests, enqueueRequestExpiry } from "./service-requests.js";
import { assertSeatFree, seatMates } from "./service-seats.js";
import { createSeriesBooking } from "./service-series.js";
import { seriesCalendarData, withSeriesInfo } from "./service-series-data.js";
import { draftBooking, placeRoundRobin } from "./service-team.js";

type CreateInput = import("zod").infer<typeof createBookingBody>;
export interface BookingsDeps {
  slots: SlotsService;
  calendarSettings: CalendarSettingsService;
  now: () => Date;
  publicUrl: string;
  /** Whether this server sends mail (SMTP configured): the invitee's pages say so only then. */
  mailConfigured?: boolean;
  /** Whether the booking was written to a calendar of the host's (the calendars feature adds itself). */
  calendarChecks?: readonly CalendarCheck[];
  /** Features told of every change inside its transaction (see events.ts); buildApp registers them. */
  listeners?: readonly BookingListener[];
  /**
   * Who makes the meeting link of a google_meet booking before it commits (the calendars feature adds
   * itself), so the answer, the mails and the invite carry it; the first to make one wins.
   */
  meetingMakers?: readonly MeetingMaker[];
  /** Who may refuse a new booking before anything is written (the blocklist adds itself). */
  guards?: readonly BookingGuard[];
}

/** The rule that refuses this invitee's booking (the host never tells them which), or undefined. */
export type BookingGuard = (input: {
  hostId: string;
  email: string;
  eventTitle: string;
  /** The host's config counter (host_config_versions), for a guard that keeps its reads (host-config-cache.ts). */
  configVersion?: number;
}) => Promise<string | undefined>;

/** Whether a booking is on a calendar of its host's (so the invitee's pages may say it was removed). */
export type CalendarCheck = (bookingId: string) => Promise<boolean>;

/** Makes a meeting for a booking about to be written; null: no link now (the booking goes ahead without). */
export type MeetingMaker = (input: { rec: BookingRecord }) => Promise<PreparedMeeting | null>;

/** A meeting made for a booking about to be written: recorded with it, or undone if it fails. */
export interface PreparedMeeting {
  meetingLink: string;
  record(tx: Tx, bookingId: string): Promise<void>;
  discard(): Promise<void>;
}

export function createBookingsService(db: Db, deps: BookingsDeps) {
  const { slots, now } = deps;
  const listeners = deps.listeners ?? [];
  async function prepareMeeting(input: { rec: BookingRecord }): Promise<PreparedMeeting | null> {
    for (const make of deps.meetingMakers ?? []) {
      const prepared = await make(input);
      if (prepared) return prepared;
    }
    return null;
  }
  const insertBooking = createBookingInsert(db);
  const hostList = createHostBookingList(db, now);
  const mailer = createBookingMailer(db, deps);
  const { messagesOf, enqueue } = mailer;
  /** A new request: its expiry queued, and announced (both steps in its transaction: requests are few). */
  const requested = async (tx: Tx, rec: BookingRecord, expiresAt: Date) => {
    await enqueueRequestExpiry(tx, rec.booking.id, expiresAt);
    await announce(listeners, tx, { kind: "requested", booking: rec });
  };

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

  return {
    ...createBookingChanges(db, deps, mailer),
    ...createBookingRequests(db, deps, mailer),
    ...createPollBooking(db, deps, mailer, insertBooking),
    ...createSeriesBooking(db, deps, mailer, insertBooking),

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
        if (checked.limited) throw limitReachedError();
        throw conflict(SLOT_UNAVAILABLE_MESSAGE, "SLOT_UNAVAILABLE");
      }
      const unanswered = unansweredQuestion(ctx.eventType.questions, body.answers);
      if (unanswered) {
        const message = `Please answer "${unanswered}"`;
        throw badRequest(message, { answers: message });
      }

      // The guards read while the rest is prepared; their answer is awaited with the listeners' reads.
      const guard = {
        hostId: ctx.host.id,
        email: body.attendee.email,
        eventTitle: ctx.eventType.title,
        configVersion: ctx.configVersion,
      };
      const refusals = Promise.all((deps.guards ?? []).map((refuses) => refuses(guard)));
      refusals.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
      const id = randomUUID();
      const uid = randomToken(16);
      // A one-off or poll is answered by its host already; other kinds may ask for approval.
      const request =
        ctx.eventType.kind !== "one-off" && needsApproval(ctx.eventType.confirmation, start, now())
          ? ctx.eventType.confirmation
          : null;
      const approvalToken = request ? randomToken(32) : null;
      const manageToken = idempotencyKey ? keyedManageToken(idempotencyKey, uid) : randomToken(32);
      const end = new Date(start.getTime() + ctx.eventType.duration * 60_000);
      const notifyHost = { ...DEFAULT_CALENDAR_SETTINGS.notifications, ...ctx.settings?.notifications }
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
        // The page's language (issue 27); an API caller's: the event type's fixed one, else the host's.
        language: body.language ?? ctx.eventType.language ?? ctx.host.language ?? DEFAULT_LOCALE,
        hostTimezone: ctx.schedule?.timezone ?? ctx.host.timezone,
        location: choice.location,
        answers: body.answers,
        guests: body.guests.filter((g) => g !== body.attendee.email),
        message: body.message,
        attribution: body.attribution,
        manageTokenHash: sha256(manageToken),
        // Requires confirmation (issue 28): a request, held for the host until answered or expired.
        ...(approvalToken && request
          ? {
              status: "pending" as const,
              requestExpiresAt: requestExpiry(request, start, now()),
              approvalTokenHash: sha256(approvalToken),
            }
          : {}),
      };
      // A request writes nothing to Google yet: the calendar write on confirmation adds its Meet link.
      const prepared =
        values.location?.type === "google_meet" && !approvalToken
          ? await prepareMeeting({ rec: recordOf(draftRow(values, now()), ctx) })
          : null;
      if (prepared && values.location) values.location = { ...values.location, value: prepared.meetingLink };
      const mailOptions = { manageToken, notifyHost };
      try {
        // Before the transaction, from the row about to be written: the other features read what they
        // react with (see BookingListener), and the mails are rendered (about a millisecond, for which
        // the transaction would hold the embedded database). A round robin booking's host is chosen
        // inside the transaction, so for it both happen there.
        const { draft, hostNotifications } = draftBooking(ctx, values, now());
        // A request is announced as `requested` in its transaction (only triggers react: service-requests.ts).
        const [refused, reactions] = await Promise.all([
          refusals,
          !approvalToken &&
            draft &&
            hostNotifications &&
            listen(listeners, db, {
              kind: "created",
              booking: draft,
              hostNotifications,
              hostConfigVersion: configVersionOf(ctx, draft),
            }),
        ]);
        if (refused.some(Boolean)) throw new AppError("BOOKING_REFUSED", BOOKING_REFUSED_MESSAGE);
        const messagesFor = (rec: BookingRecord) =>
          approvalToken
            ? requestMessages("requested", mailData(rec), {
                publicUrl: deps.publicUrl,
                manageToken,
                approvalToken,
                expiresAt: rec.booking.requestExpiresAt,
              })
            : messagesOf("created", rec, mailOptions);
        const messages = draft && messagesFor(draft);
        const booking = await guarded(() =>
          db.transaction(async (tx) => {
            const repo = createBookingsRepo(tx);
            await assertSeatFree(tx, ctx, values.slotKey);
            if (ctx.eventType.kind === "one-off" && !(await repo.lockOpenEventType(ctx.eventType.id)))
              throw gone();
            const free = await assertWithinLimits(tx, ctx, start, undefined, checked.freeHosts);
            let rec: BookingRecord;
            if (draft) {
              // One host's booking, or a collective one (its holder in `values`, its other hosts'
              // rows beside it): the rows as the database will hold them, made before the
              // transaction. The inserts answer nothing, so they go with the commit (one call each fewer).
              await insertBooking.quietly(
                tx,
                values,
                draft.coHosts.map((h) => h.id),
              );
              rec = draft;
            } else {
              // draftBooking drafts every booking but a round robin's: its host is chosen here.
              const placed = await placeRoundRobin(tx, ctx, free, values, now());
              if (!placed) throw slotTaken();
              rec = recordOf(placed.row, ctx, placed.host);
            }
            await prepared?.record(tx, id);
            // A seat whose host shows attendees to each other names the others in its mail.
            const mates = isSeated(ctx) && !approvalToken ? await seatMates(tx, rec) : null;
            // A one-off link works once.
            if (ctx.eventType.kind === "one-off") await repo.closeEventType(ctx.eventType.id, now());
            const change = { kind: "created", booking: rec } as const;
            // Sent together (db/together.ts): on PGlite one round trip for the mails and every reaction.
            const mail = mates
              ? messagesOf("created", rec, { ...mailOptions, otherAttendees: mates })
              : (messages ?? messagesFor(rec));
            await together(tx, [
              () => enqueue(tx, mail),
              () =>
                approvalToken && rec.booking.requestExpiresAt
                  ? requested(tx, rec, rec.booking.requestExpiresAt)
                  : reactions
                    ? react(reactions, tx, change)
                    : announce(listeners, tx, change),
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

    list: hostList.list,

    /** Every booking of the host, for the account export. */
    async exportForHost(hostId: string): Promise<BookingDto[]> {
      const at = now();
      return (await createBookingsRepo(db).allForHost(hostId)).map((rec) => toBookingDto(rec, at));
    },

    async get(hostId: string, id: string): Promise<BookingDto> {
      const rec = await createBookingsRepo(db).findForHost(hostId, id);
      if (!rec) throw notFound(BOOKING_NOT_FOUND);
      return (await withSeriesInfo(db, [{ rec, dto: toBookingDto(rec, now()) }], true))[0];
    },

    /** A group slot's confirmed seats now, for background work (the host's one calendar event). */
    seatsOf: (hostId: string, slotKey: string) => createSeatsRepo(db).confirmedSeats(hostId, slotKey),

    /** A series as the host's one recurring calendar event shows it now, for background work. */
    seriesOf: (hostId: string, seriesId: string) => seriesCalendarData(db, hostId, seriesId),

    /** A booking as it is now with its host, for background work (workflows); not the host's: undefined. */
    record(hostId: string, id: string): Promise<BookingRecord | undefined> {
      return createBookingsRepo(db).findForHost(hostId, id);
    },

    /** The host's upcoming confirmed bookings, read with `reader` (a caller's transaction, else the database). */
    async upcomingForHost(hostId: string, reader: DbOrTx = db): Promise<BookingRecord[]> {
      const repo = createBookingsRepo(reader);
      const at = now();
      const all: BookingRecord[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await repo.upcomingConfirmed(hostId, at, PAGE, offset);
        all.push(...page);
        if (page.length < PAGE) return all;
      }
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
