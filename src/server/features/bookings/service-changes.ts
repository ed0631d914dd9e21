import type { BookingDto, CancelBookingBody } from "../../../contract/bookings.js";
import { SLOT_UNAVAILABLE_MESSAGE } from "../../../contract/bookings.js";
import type { Db, Tx } from "../../db/client.js";
import { cancelJobs } from "../../jobs/queue.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import {
  forInvitee as forInviteeMail,
  inviteFile,
  manageLinks,
  type PreviousAssignment,
} from "../../mail/booking-mails.js";
import { meetingLinkMessages } from "../../mail/calendar-mails.js";
import { reassignedAwayMessage } from "../../mail/host-mails.js";
import { mailWords } from "../../mail/words.js";
import { isSeated, slotKeyFor } from "../slots/service.js";
import { announce, type BookingActor } from "./events.js";
import { type BookingRecord, createBookingsRepo } from "./repo.js";
import { createSeatsRepo } from "./repo-seats.js";
import { createSeriesRepo } from "./repo-series.js";
import type { BookingsDeps } from "./service.js";
import { assertWithinLimits, limitReachedError } from "./service-limits.js";
import {
  assertOpen,
  BOOKING_NOT_FOUND,
  type BookingMailer,
  closed,
  EVENT_NOT_FOUND,
  guarded,
  holdsToken,
  mailData,
  slotTaken,
  toBookingDto,
} from "./service-records.js";
import { isSeatOfGroup, seatMates } from "./service-seats.js";
import { seriesMailData, withSeriesInfo } from "./service-series-data.js";
import { cancelInvites, createSeriesMoves, occurrenceMoveInvites, ruleOf } from "./service-series-move.js";
import { hostForMove, teamHostPerson, teamHostZone } from "./service-team.js";

type Actor = BookingActor;
/** A reschedule: the new start; for an occurrence of a series, only it (default) or it and the later ones. */
type RescheduleInput = { startTime: string; scope?: "this" | "following" };

/**
 * Changes to bookings that exist: the invitee's (by the manage link's token) and the host's cancel
 * and reschedule, no-shows, meeting links and manage tokens made later, and the cancellations of a
 * closing account. Part of the bookings service (service.ts).
 */
export function createBookingChanges(db: Db, deps: BookingsDeps, mailer: BookingMailer) {
  const { slots, now } = deps;
  const listeners = deps.listeners ?? [];
  const { mail, enqueue } = mailer;
  const seriesMoves = createSeriesMoves(db, deps, mailer);

  async function byToken(uid: string, token: string): Promise<BookingRecord> {
    const rec = await createBookingsRepo(db).findByUid(uid);
    if (!rec || !holdsToken(rec.booking, token)) throw notFound(BOOKING_NOT_FOUND);
    return rec;
  }

  /** The invitee's view: the booking and what its pages may promise (BookingDto.delivery). */
  async function forInvitee(dto: BookingDto): Promise<BookingDto> {
    let onHostCalendar = false;
    for (const check of deps.calendarChecks ?? []) onHostCalendar ||= await check(dto._id);
    return { ...dto, delivery: { invitationMailed: deps.mailConfigured ?? false, onHostCalendar } };
  }

  async function cancel(rec: BookingRecord, by: Actor, body: CancelBookingBody, manageToken: string | null) {
    const notifyHost =
      by === "host" || (await deps.calendarSettings.get(rec.host.id)).notifications.emailOnCancellation;
    return db.transaction(async (tx) => {
      const locked = await createBookingsRepo(tx).findByUid(rec.booking.uid, { lock: true });
      if (!locked) throw notFound(BOOKING_NOT_FOUND);
      return cancelLocked(tx, locked, by, body, manageToken, notifyHost);
    });
  }

  /**
   * Cancels a booking locked in `tx`, with "this and following" of a series (issue 28 item 3): the
   * later occurrences still held go too, each announced (calendars, reminders); one mail tells of the
   * change, its invite the series with the cancelled dates excluded (or cancelled once none is left).
   */
  async function cancelLocked(
    tx: Tx,
    locked: BookingRecord,
    by: Actor,
    body: CancelBookingBody,
    manageToken: string | null,
    notifyHost: boolean,
  ) {
    // A pending request may be withdrawn (invitee) or cancelled (host) like a booking.
    assertOpen(locked.booking, now(), true);
    const { seriesId, seriesIndex } = locked.booking;
    // Every row is locked before any is written: a listener's write (the invitee's contact) taken while
    // waiting for a racing cancel's occurrences would deadlock with that cancel's own.
    const later =
      body.scope === "following" && seriesId && seriesIndex !== null
        ? await createSeriesRepo(tx).holdingFrom(seriesId, seriesIndex + 1)
        : [];
    const updated = await cancelOne(tx, locked, by, body);
    const rest: BookingRecord[] = [];
    for (const next of later) rest.push(await cancelOne(tx, next, by, body));
    const invites = seriesId ? await cancelInvites(tx, updated, rest) : {};
    await mail(tx, "cancelled", updated, { manageToken, notifyHost, ...invites });
    return toBookingDto(updated, now());
  }

  /** Cancels one booking row already locked or read in `tx`, and tells whoever follows bookings (a request was announced to none). */
  async function cancelOne(tx: Tx, locked: BookingRecord, by: Actor, body: CancelBookingBody) {
    const wasRequest = locked.booking.status === "pending";
    const row = await createBookingsRepo(tx).update(locked.booking.id, {
      status: "cancelled",
      requestExpiresAt: null,
      approvalTokenHash: null,
      cancelledAt: now(),
      cancelReason: body.reason,
      cancelNote: body.note || null,
      cancelledBy: by,
      icsSequence: locked.booking.icsSequence + 1,
    });
    if (!row) throw notFound(BOOKING_NOT_FOUND);
    const updated = { ...locked, booking: row };
    // A request was announced to nobody (listeners hear of a booking once it is confirmed).
    if (wasRequest) await cancelJobs(tx, { bookingId: row.id }, "The request was cancelled", now());
    else await announce(listeners, tx, { kind: "cancelled", booking: updated, by });
    return updated;
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
    if (checked.limited) throw limitReachedError();
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
        // Under the hosts' limits (issue 28): round robin's candidates are the free hosts within theirs.
        const free = await assertWithinLimits(tx, ctx, start, locked.booking.id, checked.freeHosts);
        if (ctx.teamHosts && ctx.eventType.kind === "round-robin") {
          const candidates = await hostForMove(tx, ctx, free, locked.booking.hostUserId, now());
          const first = candidates[0];
          if (!first) throw slotTaken();
          if (first.host.id !== locked.booking.hostUserId) {
            assigned = { hostUserId: first.host.id, hostTimezone: teamHostZone(first) };
            previous = {
              host: { name: locked.host.name, email: locked.host.email },
              language: locked.host.appLanguage,
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
        // An occurrence of a series: the series' invite loses (or takes back) its date.
        const invites = await occurrenceMoveInvites(tx, locked, updated);
        await mail(tx, "rescheduled", updated, {
          manageToken: inviteeToken,
          notifyHost: true,
          previousStart,
          by,
          ...invites,
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
    async getPublic(uid: string, token: string): Promise<BookingDto> {
      const rec = await byToken(uid, token);
      const otherAttendees = await seatMates(db, rec);
      const [dto] = await withSeriesInfo(db, [{ rec, dto: toBookingDto(rec, now()) }], true);
      return forInvitee({ ...dto, ...(otherAttendees && { otherAttendees }) });
    },

    /** The current invite as a file (CANCEL once cancelled). */
    async icsPublic(uid: string, token: string): Promise<string> {
      const rec = await byToken(uid, token);
      const seriesId = rec.booking.seriesId;
      // An occurrence moved off its series' dates is an event of its own (service-series-move.ts).
      const onRule = seriesId && (await ruleOf(db, seriesId)).has(rec.booking.startTime.getTime());
      const series = onRule ? await seriesMailData(db, seriesId) : undefined;
      const data = forInviteeMail({ ...mailData(rec), series });
      const links = manageLinks(deps.publicUrl, data.uid, data.hostUsername, data.slug, token);
      return inviteFile(data, rec.booking.status === "cancelled", now(), { links }, mailWords(data.language));
    },

    async cancelByInvitee(uid: string, body: CancelBookingBody & { token: string }): Promise<BookingDto> {
      return forInvitee(await cancel(await byToken(uid, body.token), "invitee", body, body.token));
    },

    async cancelByHost(hostId: string, id: string, body: CancelBookingBody): Promise<BookingDto> {
      const rec = await createBookingsRepo(db).findForHost(hostId, id);
      if (!rec) throw notFound(BOOKING_NOT_FOUND);
      return cancel(rec, "host", body, null);
    },

    /**
     * The host cancels a group meeting (issue 28 item 2): every seat that holds it, in one transaction,
     * each attendee told as for their own cancellation. `id` is any seat; a lone booking is cancelled alone.
     */
    async cancelMeetingByHost(hostId: string, id: string, body: CancelBookingBody): Promise<BookingDto> {
      const rec = await createBookingsRepo(db).findForHost(hostId, id);
      if (!rec) throw notFound(BOOKING_NOT_FOUND);
      if (!isSeatOfGroup(rec)) return cancel(rec, "host", body, null);
      return db.transaction(async (tx) => {
        const seats = await createSeatsRepo(tx).lockHoldingSeats(hostId, rec.booking.slotKey);
        // Nothing holds the meeting any more: answer as cancelling one closed seat does.
        if (seats.length === 0) assertOpen(rec.booking, now(), true);
        let answer: BookingDto | undefined;
        for (const [i, seat] of seats.entries()) {
          // The host is sent one copy, not one per seat.
          const dto = await cancelLocked(tx, seat, "host", body, null, i === 0);
          if (seat.booking.id === id || !answer) answer = dto;
        }
        return answer as BookingDto;
      });
    },

    /** The invitee moves their booking by its manage link ("following": it and the later occurrences). */
    async rescheduleByInvitee(uid: string, body: RescheduleInput & { token: string }): Promise<BookingDto> {
      const rec = await byToken(uid, body.token);
      const start = new Date(body.startTime);
      return forInvitee(
        body.scope === "following" && rec.booking.seriesId
          ? await seriesMoves.moveFollowing(rec, start, "invitee", body.token)
          : await move(rec, start, "invitee", body.token),
      );
    },

    /** The host moves one of their bookings (Edit on the Meetings screen); not theirs reads 404. */
    async rescheduleByHost(hostId: string, id: string, body: RescheduleInput): Promise<BookingDto> {
      const rec = await createBookingsRepo(db).findForHost(hostId, id);
      if (!rec) throw notFound(BOOKING_NOT_FOUND);
      const start = new Date(body.startTime);
      return body.scope === "following" && rec.booking.seriesId
        ? seriesMoves.moveFollowing(rec, start, "host", null)
        : move(rec, start, "host", null);
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
        // A request was never announced: its invitee is told, nobody else has anything to undo.
        if (rec.booking.status !== "pending")
          await announce(listeners, tx, { kind: "cancelled", booking: updated, by: "host" });
      }
      return upcoming.length;
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
        const row = await repo.update(id, {
          location: { ...location, value: link },
          icsSequence: rec.booking.icsSequence + 1,
        });
        // The link came after the booking (Google was slow): the invitee gets it, with the updated invite.
        if (row?.status === "confirmed" && row.endTime > now()) {
          await enqueue(tx, meetingLinkMessages(mailData({ ...rec, booking: row }), now()));
        }
      });
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
        if (b.status === "pending" || b.status === "declined" || b.status === "expired")
          throw closed("Only a confirmed meeting can be marked as a no-show.");
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
