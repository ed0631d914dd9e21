import { type BookingRequestView, REQUEST_HANDLED_MESSAGE } from "../../../contract/approval.js";
import type { BookingDto } from "../../../contract/bookings.js";
import type { Db, Tx } from "../../db/client.js";
import type { BookingRow } from "../../db/schema/index.js";
import { cancelJobs, enqueueJobs } from "../../jobs/queue.js";
import type { JobRunner } from "../../jobs/runner.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { AppError, notFound } from "../../lib/errors.js";
import { requestMessages } from "../../mail/request-mails.js";
import { announce } from "./events.js";
import { type BookingRecord, createBookingsRepo } from "./repo.js";
import { answerRequest } from "./repo-requests.js";
import type { BookingsDeps } from "./service.js";
import { BOOKING_NOT_FOUND, type BookingMailer, mailData, toBookingDto } from "./service-records.js";

/** The job that expires an unanswered request (one per request, keyed by its id). */
export const REQUEST_EXPIRY_JOB = "booking.request-expiry";

/** Queues a new request's expiry, in the request's transaction. */
export function enqueueRequestExpiry(tx: Tx, bookingId: string, runAt: Date) {
  return enqueueJobs(tx, {
    kind: REQUEST_EXPIRY_JOB,
    key: `request-expiry:${bookingId}`,
    bookingId,
    runAt,
    payload: { bookingId },
  });
}

const answered = () => new AppError("REQUEST_ANSWERED", REQUEST_HANDLED_MESSAGE);

/** Which pending request an answer is for: the host's own (by id), or the one a mailed link names. */
type Target = { id: string; hostUserId: string } | { uid: string; token: string };

/**
 * Booking requests (issue 28, item 1): a request is a booking row with status 'pending', which holds
 * its slot (the exclusion constraints cover it). Confirming, declining and expiring are each one
 * compare-and-swap of the pending row (repo `answerRequest`), so of two answers racing exactly one
 * wins. The listeners hear of a request as `requested` and, once answered, as `created` with
 * `fromRequest` (confirmed: calendar writes, reminders, contacts and workflow runs start then) or
 * `request_closed` (declined, expired): the triggers of workflows and webhooks only (events.ts).
 * Declined and expired requests are stored as such (their own statuses, kept for the host's list)
 * and hold nothing.
 */
export function createBookingRequests(db: Db, deps: BookingsDeps, mailer: BookingMailer) {
  const { now } = deps;
  const listeners = deps.listeners ?? [];

  /** The pending request a target names, or why not: 404 when not the caller's, 409 once answered. */
  async function resolve(tx: Tx, target: Target): Promise<{ id: string; tokenHash?: string }> {
    const repo = createBookingsRepo(tx);
    if ("id" in target) {
      const rec = await repo.findForHost(target.hostUserId, target.id);
      if (!rec) throw notFound(BOOKING_NOT_FOUND);
      return { id: rec.booking.id };
    }
    const rec = await repo.findByUid(target.uid);
    const tokenHash = sha256(target.token);
    if (!rec?.booking.approvalTokenHash || rec.booking.approvalTokenHash !== tokenHash)
      throw notFound(BOOKING_NOT_FOUND);
    return { id: rec.booking.id, tokenHash };
  }

  async function recordOfRow(tx: Tx, row: BookingRow): Promise<BookingRecord> {
    const rec = await createBookingsRepo(tx).findByUid(row.uid);
    if (!rec) throw notFound(BOOKING_NOT_FOUND);
    return rec;
  }

  async function confirm(target: Target): Promise<BookingDto> {
    return db.transaction(async (tx) => {
      const { id, tokenHash } = await resolve(tx, target);
      // The invitee's links from the request mail keep working; the confirmation mail carries new ones.
      const manageToken = randomToken(32);
      const row = await answerRequest(tx, { id, tokenHash }, { status: "confirmed" }, sha256(manageToken));
      if (!row) throw answered();
      const rec = await recordOfRow(tx, row);
      await cancelJobs(tx, { bookingId: id, kind: REQUEST_EXPIRY_JOB }, "The request was confirmed", now());
      // From here it is a booking like any other: its mails (the host answered it: no copy to them),
      // and the listeners' calendar write, reminders and workflow runs.
      await mailer.mail(tx, "created", rec, { manageToken, notifyHost: false });
      await announce(listeners, tx, { kind: "created", booking: rec, fromRequest: true });
      return toBookingDto(rec, now());
    });
  }

  async function decline(target: Target, reason: string): Promise<BookingDto> {
    return db.transaction(async (tx) => {
      const { id, tokenHash } = await resolve(tx, target);
      const row = await answerRequest(
        tx,
        { id, tokenHash },
        { status: "declined", cancelledAt: now(), cancelReason: reason || null, cancelledBy: "host" },
      );
      if (!row) throw answered();
      const rec = await recordOfRow(tx, row);
      await cancelJobs(tx, { bookingId: id, kind: REQUEST_EXPIRY_JOB }, "The request was declined", now());
      await mailer.enqueue(
        tx,
        requestMessages("declined", mailData(rec), { publicUrl: deps.publicUrl, manageToken: null }),
      );
      await announce(listeners, tx, { kind: "request_closed", booking: rec, outcome: "declined" });
      return toBookingDto(rec, now());
    });
  }

  /** What the mailed link's page shows: the request and where it stands. */
  async function view(uid: string, token: string): Promise<BookingRequestView> {
    const rec = await createBookingsRepo(db).findByUid(uid);
    if (!rec?.booking.approvalTokenHash || rec.booking.approvalTokenHash !== sha256(token))
      throw notFound(BOOKING_NOT_FOUND);
    const dto = toBookingDto(rec, now());
    return {
      uid: dto.uid,
      title: dto.eventType.title,
      attendeeName: dto.attendee.name,
      attendeeEmail: dto.attendee.email,
      startTime: dto.startTime,
      endTime: dto.endTime,
      hostZone: dto.host.timezone,
      status: dto.status,
    };
  }

  return {
    confirmByHost: (hostUserId: string, id: string) => confirm({ id, hostUserId }),
    declineByHost: (hostUserId: string, id: string, reason: string) => decline({ id, hostUserId }, reason),
    requestView: view,
    async confirmByLink(uid: string, token: string): Promise<BookingRequestView> {
      await confirm({ uid, token });
      return view(uid, token);
    },
    async declineByLink(uid: string, token: string, reason: string): Promise<BookingRequestView> {
      await decline({ uid, token }, reason);
      return view(uid, token);
    },

    /** Registers the expiry job: an unanswered request is marked expired and the invitee told. */
    registerJobs(jobs: JobRunner) {
      jobs.register(REQUEST_EXPIRY_JOB, async (job, ctx) => {
        const bookingId = String((job.payload as { bookingId?: string }).bookingId ?? job.bookingId);
        return {
          commit: async (tx) => {
            const row = await answerRequest(
              tx,
              { id: bookingId, expiredBy: ctx.now },
              { status: "expired", cancelledAt: ctx.now },
            );
            if (!row) return; // answered meanwhile (or moved later): nothing to expire
            const rec = await recordOfRow(tx, row);
            await mailer.enqueue(
              tx,
              requestMessages("expired", mailData(rec), { publicUrl: deps.publicUrl, manageToken: null }),
            );
            await announce(listeners, tx, { kind: "request_closed", booking: rec, outcome: "expired" });
          },
        };
      });
    },
  };
}
