import { randomUUID } from "node:crypto";
import type { BookingDto } from "../../../contract/bookings.js";
import { expandOccurrences } from "../../../domain/recurrence.js";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { HOLDING_STATUSES } from "../../db/schema/index.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { AppError, notFound } from "../../lib/errors.js";
import type { BookingMailData, SeriesMailData } from "../../mail/booking-mails.js";
import { announce, type BookingActor } from "./events.js";
import { type BookingRecord, createBookingsRepo } from "./repo.js";
import { createSeriesRepo } from "./repo-series.js";
import type { BookingsDeps } from "./service.js";
import { assertWithinLimits } from "./service-limits.js";
import {
  assertOpen,
  BOOKING_NOT_FOUND,
  type BookingMailer,
  closed,
  EVENT_NOT_FOUND,
  guarded,
  mailData,
  toBookingDto,
} from "./service-records.js";
import { conflictOf, problemOf } from "./service-series.js";
import { seriesMailData } from "./service-series-data.js";

const holds = (r: BookingRecord) => (HOLDING_STATUSES as readonly string[]).includes(r.booking.status);

/** The starts of a series' rule (epoch ms): the dates its one recurring event shows. */
export async function ruleOf(reader: DbOrTx, seriesId: string): Promise<Set<number>> {
  const s = await createSeriesRepo(reader).find(seriesId);
  return new Set(s ? expandOccurrences(s.startTime.getTime(), s.timezone, s.frequency, s.count) : []);
}

/**
 * A series' invite as another invite of a mail (BookingMailData.alsoInvites): the recurring event with
 * its EXDATEs, or its CANCEL once no date of its rule is held.
 */
function seriesInvite(rec: BookingRecord, series: SeriesMailData) {
  const over = series.exclude.length >= series.count;
  const data: BookingMailData = { ...mailData(rec), series: over ? { ...series, booked: [] } : series };
  return { data, cancelled: over };
}

/**
 * The order to move rows in, one at a time: a row whose new time another row still holds (a week
 * later lands on the next one's old time) waits for that one to move, since the no-overlap constraint
 * and the unique index on event type, start and invitee are checked row by row.
 */
function moveOrder(rows: BookingRecord[], startOf: (r: BookingRecord) => Date, ms: number): BookingRecord[] {
  const left = [...rows];
  const order: BookingRecord[] = [];
  while (left.length > 0) {
    const next = left.findIndex((r) => {
      const from = startOf(r).getTime();
      return left.every(
        (o) => o === r || o.booking.startTime.getTime() >= from + ms || o.booking.endTime.getTime() <= from,
      );
    });
    // A ring of rows waiting for each other (only with occurrences moved off their dates): the first
    // goes, and the constraint answers "taken".
    order.push(...left.splice(Math.max(next, 0), 1));
  }
  return order;
}

/** A booking's own event (an occurrence moved off its series' dates) taken off calendars. */
const ownCancel = (rec: BookingRecord) => ({ data: mailData(rec), cancelled: true });

/**
 * What the mail of an occurrence moved on its own ("this one", issue 28 item 3) carries, called in the
 * move's transaction after the row is written. Calendar apps show a series as one recurring event
 * (UID `series-<id>`) and an occurrence off its rule's dates as its own event (the booking's UID),
 * as the host's calendar does (calendars/service-series-events.ts): so the mail's invite is the
 * occurrence's own event, and the series' invite, its old date now an EXDATE (same UID, higher
 * SEQUENCE), comes with it. Moved back onto a date of the rule, the series' invite is the mail's and
 * the occurrence's own event is cancelled.
 */
export async function occurrenceMoveInvites(
  tx: Tx,
  before: BookingRecord,
  after: BookingRecord,
): Promise<{ series?: SeriesMailData; alsoInvites: NonNullable<BookingMailData["alsoInvites"]> }> {
  const seriesId = after.booking.seriesId;
  if (!seriesId) return { alsoInvites: [] };
  const rule = await ruleOf(tx, seriesId);
  const wasOn = rule.has(before.booking.startTime.getTime());
  const isOn = rule.has(after.booking.startTime.getTime());
  if (!wasOn && !isOn) return { alsoInvites: [] };
  // The series' invite changes (a date excluded or taken back): its SEQUENCE goes up.
  await createSeriesRepo(tx).revise(seriesId);
  const series = await seriesMailData(tx, seriesId);
  if (!series) return { alsoInvites: [] };
  if (isOn) return { series, alsoInvites: wasOn ? [] : [ownCancel(after)] };
  return { alsoInvites: [seriesInvite(after, series)] };
}

/**
 * What the mail of a cancel in a series carries (called after the rows are written): the series'
 * invite with the dates excluded, or, when the occurrence cancelled had been moved off the rule's
 * dates, the CANCEL of its own event (the series' invite attached when later ones went too); every
 * later one that had its own event gets that event's CANCEL attached.
 */
export async function cancelInvites(
  tx: Tx,
  cancelled: BookingRecord,
  later: BookingRecord[],
): Promise<{ series?: SeriesMailData; alsoInvites: NonNullable<BookingMailData["alsoInvites"]> }> {
  const seriesId = cancelled.booking.seriesId;
  const series = seriesId ? await seriesMailData(tx, seriesId) : undefined;
  if (!seriesId || !series) return { alsoInvites: [] };
  const rule = await ruleOf(tx, seriesId);
  const off = (r: BookingRecord) => !rule.has(r.booking.startTime.getTime());
  const own = later.filter(off).map(ownCancel);
  if (!off(cancelled)) return { series, alsoInvites: own };
  const changed = later.some((r) => !off(r));
  return { alsoInvites: [...(changed ? [seriesInvite(cancelled, series)] : []), ...own] };
}

/**
 * "This and following" reschedule (issue 28 item 3). The invitee (or host) picks a new start for
 * occurrence k of a series of N; occurrences k..N-1 move to the new start's cadence (same frequency,
 * N-k occurrences, by wall time in the series' zone, domain/recurrence.ts).
 *
 * Model, as Google Calendar splits a recurring event: the old series ends after k occurrences (its
 * `count`, the same UID with a higher SEQUENCE, or cancelled when k is 0) and a new series
 * (`rescheduled_from_id` the old) holds positions k..N-1 as its 0..N-k-1. The moved occurrences are
 * the same booking rows (ids, uids, manage links, reminders follow them as for any move); cancelled
 * ones go along as cancelled, so the new rule keeps their dates excluded. Two recurring events instead
 * of one with RECURRENCE-ID overrides: every calendar handles a plain RRULE with EXDATE the same.
 */
export function createSeriesMoves(db: Db, deps: BookingsDeps, mailer: BookingMailer) {
  const { slots, now } = deps;
  const listeners = deps.listeners ?? [];

  return {
    async moveFollowing(
      rec: BookingRecord,
      start: Date,
      by: BookingActor,
      manageToken: string | null,
    ): Promise<BookingDto> {
      assertOpen(rec.booking, now());
      const { seriesId, seriesIndex: k, eventTypeId } = rec.booking;
      if (!eventTypeId) throw notFound(EVENT_NOT_FOUND);
      const series = seriesId ? await createSeriesRepo(db).find(seriesId) : undefined;
      if (!seriesId || k === null || !series) throw notFound(BOOKING_NOT_FOUND);
      const zone = series.timezone;
      const starts = expandOccurrences(start.getTime(), zone, series.frequency, series.count - k);
      const moving = (await createSeriesRepo(db).occurrences(seriesId)).filter(
        (r) => (r.booking.seriesIndex ?? 0) >= k && holds(r),
      );
      /** An occurrence's place in the new series, and its new start. */
      const position = (r: BookingRecord) => (r.booking.seriesIndex ?? 0) - k;
      const startOf = (r: BookingRecord) => new Date(starts[position(r)]);
      // Nothing would move: the series stays as it is.
      if (moving.every((r) => startOf(r).getTime() === r.booking.startTime.getTime()))
        return toBookingDto(rec, now());
      // Every new time is checked like a booking first; the occurrences moving leave their old times
      // free to each other (a week later lands on the next one's old time).
      const exclude = moving.map((r) => r.booking.id);
      const checks = await Promise.all(
        moving.map((r) => slots.check({ id: eventTypeId }, startOf(r), exclude)),
      );
      const ctx = checks[0]?.ctx;
      if (!ctx?.eventType.isActive) throw notFound(EVENT_NOT_FOUND);
      const problems = starts.map(() => undefined as ReturnType<typeof problemOf>);
      const blocked: number[] = [];
      for (const [i, r] of moving.entries()) {
        problems[position(r)] = problemOf(checks[i]);
        if (problems[position(r)]) blocked.push(position(r));
      }
      if (blocked.length > 0) throw conflictOf(starts, blocked, problems, zone);
      const minutes = ctx.eventType.duration * 60_000;

      /** The position being written, for naming it when a racing booking takes its time. */
      let writing = -1;
      const write = guarded(() =>
        db.transaction(async (tx) => {
          const repo = createBookingsRepo(tx);
          const seriesRepo = createSeriesRepo(tx);
          const locked = await repo.findByUid(rec.booking.uid, { lock: true });
          if (!locked) throw notFound(BOOKING_NOT_FOUND);
          assertOpen(locked.booking, now());
          if (locked.booking.seriesId !== seriesId)
            throw closed("This occurrence was moved meanwhile: reload the page.");
          // Locks every later occurrence still held (a racing cancel or move waits, then sees this one's).
          const held = await seriesRepo.holdingFrom(seriesId, k);
          const rest = (await seriesRepo.occurrences(seriesId)).filter(
            (r) => (r.booking.seriesIndex ?? 0) >= k && !holds(r),
          );
          const oldRule = await ruleOf(tx, seriesId);
          const newId = randomUUID();
          await seriesRepo.insert({
            id: newId,
            hostUserId: series.hostUserId,
            eventTypeId: series.eventTypeId ?? eventTypeId,
            frequency: series.frequency,
            count: series.count - k,
            timezone: zone,
            startTime: new Date(starts[0]),
            rescheduledFromId: seriesId,
          });
          // The old series ends before k; from the first, nothing is left of it (its invite is cancelled).
          await seriesRepo.revise(seriesId, k > 0 ? k : undefined);
          for (const r of rest) {
            await repo.update(r.booking.id, { seriesId: newId, seriesIndex: position(r) });
          }
          const inviteeToken = manageToken ?? randomToken(32);
          const moved: { before: BookingRecord; after: BookingRecord }[] = [];
          for (const r of moveOrder(held, startOf, minutes)) {
            writing = position(r);
            const b = r.booking;
            const at = startOf(r);
            const row = await repo.update(b.id, {
              seriesId: newId,
              seriesIndex: position(r),
              startTime: at,
              endTime: new Date(at.getTime() + minutes),
              icsSequence: b.icsSequence + 1,
              rescheduleCount: b.rescheduleCount + 1,
              // A host's move gives the invitee a new token for the mail's links; older ones stay valid.
              ...(manageToken
                ? {}
                : {
                    manageTokenHash: sha256(inviteeToken),
                    earlierManageTokenHashes: [...b.earlierManageTokenHashes, b.manageTokenHash],
                  }),
            });
            if (!row) throw notFound(BOOKING_NOT_FOUND);
            moved.push({ before: r, after: { ...r, booking: row } });
          }
          // Under the host's limits, counted with every occurrence at its new time.
          for (const { before, after } of moved) {
            writing = position(before);
            await assertWithinLimits(tx, ctx, after.booking.startTime, after.booking.id);
          }
          writing = -1;
          const first = moved.find((m) => m.before.booking.id === locked.booking.id)?.after;
          if (!first) throw notFound(BOOKING_NOT_FOUND);
          const newSeries = await seriesMailData(tx, newId);
          const oldSeries = await seriesMailData(tx, seriesId);
          // One mail: the new series' invite, the old series' update (or CANCEL), and the CANCEL of the
          // own event of each occurrence that had been moved off the old dates and joins the new rule.
          const alsoInvites = [
            ...(oldSeries ? [seriesInvite(first, oldSeries)] : []),
            ...moved
              .filter((m) => !oldRule.has(m.before.booking.startTime.getTime()))
              .map((m) => ownCancel(m.after)),
          ];
          await mailer.mail(tx, "rescheduled", first, {
            manageToken: inviteeToken,
            notifyHost: true,
            previousStart: locked.booking.startTime,
            by,
            series: newSeries,
            alsoInvites,
          });
          for (const { before, after } of moved) {
            await announce(listeners, tx, {
              kind: "moved",
              booking: after,
              previousStart: before.booking.startTime,
              previousEnd: before.booking.endTime,
              by,
            });
          }
          return toBookingDto(first, now());
        }),
      );
      try {
        return await write;
      } catch (error) {
        // Someone took a new time (or its period filled) between the checks and the write: name it.
        const code = error instanceof AppError ? error.errorCode : null;
        if (writing >= 0 && (code === "SLOT_TAKEN" || code === "BOOKING_LIMIT_REACHED")) {
          problems[writing] = code === "SLOT_TAKEN" ? "taken" : "limit";
          throw conflictOf(starts, [writing], problems, zone);
        }
        throw error;
      }
    },
  };
}
