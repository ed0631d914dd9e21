import { randomUUID } from "node:crypto";
import { BOOKING_REFUSED_MESSAGE } from "../../../contract/blocklist.js";
import type { CreateBookingAnswer, CreatedBooking } from "../../../contract/bookings.js";
import { DEFAULT_CALENDAR_SETTINGS } from "../../../contract/calendar-settings.js";
import { phoneRule } from "../../../contract/event-types.js";
import { DEFAULT_LOCALE } from "../../../contract/languages.js";
import { describeSeries, SERIES_CONFLICT_MESSAGE, SERIES_OFF_MESSAGE } from "../../../contract/recurrence.js";
import {
  type createSeriesBody,
  OCCURRENCE_PROBLEMS,
  type PreviewSeriesBody,
  type SeriesOccurrence,
} from "../../../contract/series.js";
import { chooseLocation, unansweredQuestion } from "../../../domain/booking-rules.js";
import { inviteePhone } from "../../../domain/phone.js";
import { expandOccurrences, type RecurrenceFrequency } from "../../../domain/recurrence.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { together } from "../../db/together.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import { when } from "../../mail/booking-mails.js";
import { type EventContext, isOpen, slotKeyFor } from "../slots/service.js";
import { type BookingReaction, configVersionOf, listen, react } from "./events.js";
import { type BookingInsert, type BookingRecord, createBookingsRepo } from "./repo.js";
import { createSeriesRepo } from "./repo-series.js";
import type { BookingsDeps } from "./service.js";
import { assertWithinLimits } from "./service-limits.js";
import {
  type BookingMailer,
  draftRow,
  EVENT_NOT_FOUND,
  gone,
  guarded,
  holdsToken,
  keyedManageToken,
  recordOf,
  toBookingDto,
} from "./service-records.js";
import { seriesUid } from "./service-series-data.js";

type SeriesInput = import("zod").infer<typeof createSeriesBody>;
export type Problem = keyof typeof OCCURRENCE_PROBLEMS;

/** Why a slot check refuses an occurrence (undefined: it is free). */
export const problemOf = (
  c: { bookable: boolean; taken: boolean; limited: boolean } | undefined,
): Problem | undefined =>
  !c || c.bookable ? undefined : c.taken ? "taken" : c.limited ? "limit" : "unavailable";

/** 409 naming each occurrence that cannot be booked, on the invitee's wall clock. */
export function conflictOf(
  starts: number[],
  indexes: number[],
  problems: (Problem | undefined)[],
  zone: string,
) {
  const errors: Record<string, string> = {};
  const named = indexes.map((i) => {
    const w = when(new Date(starts[i]), zone);
    errors[new Date(starts[i]).toISOString()] = OCCURRENCE_PROBLEMS[problems[i] ?? "taken"];
    return `${w.date} ${w.time}`;
  });
  return new AppError("SERIES_CONFLICT", `${SERIES_CONFLICT_MESSAGE}: ${named.join("; ")}.`, errors);
}

/** What the series answers: its rule and every occurrence, booked (problem null) or skipped. */
export interface SeriesAnswer {
  id: string;
  frequency: RecurrenceFrequency;
  count: number;
  description: string;
  occurrences: SeriesOccurrence[];
}

/**
 * Recurring bookings (issue 28 item 3). Every occurrence is checked like a booking (the host's hours,
 * their bookings and busy calendars, limits) before anything is written; then the series and all its
 * occurrences are inserted in one transaction, each a booking row under the no-overlap constraint,
 * so a racing booking of any occurrence makes the whole series fail, naming that occurrence.
 */
export function createSeriesBooking(
  db: Db,
  deps: BookingsDeps,
  mailer: BookingMailer,
  insertBooking: (
    tx: DbOrTx,
    values: BookingInsert,
  ) => Promise<import("../../db/schema/index.js").BookingRow>,
) {
  const { slots, now } = deps;
  const listeners = deps.listeners ?? [];

  /** The event type's rule, the occurrences' starts and each one's problem now (undefined: free). */
  async function plan(eventTypeId: string, start: Date, count: number, zone: string) {
    const first = await slots.check({ id: eventTypeId }, start);
    const et = first?.ctx.eventType;
    if (!first || !et?.isActive || et.kind === "poll") throw notFound(EVENT_NOT_FOUND);
    if (!isOpen(et, now())) throw gone();
    const rule = et.recurrence;
    if (!rule || et.kind !== "one-on-one" || et.confirmation?.required)
      throw badRequest(SERIES_OFF_MESSAGE, { occurrences: SERIES_OFF_MESSAGE });
    if (count > rule.maxOccurrences) {
      const message = `At most ${rule.maxOccurrences} occurrences`;
      throw badRequest(message, { occurrences: message });
    }
    const starts = expandOccurrences(start.getTime(), zone, rule.frequency, count);
    // The first was checked above; the others are checked the same way, side by side.
    const checks = [
      first,
      ...(await Promise.all(starts.slice(1).map((t) => slots.check({ id: et.id }, new Date(t))))),
    ];
    const problems = checks.map(problemOf);
    return { ctx: first.ctx, frequency: rule.frequency, starts, problems };
  }

  return {
    /** The occurrences of a series the invitee is about to book, each with whether it is free now. */
    async previewSeries(
      body: PreviewSeriesBody,
    ): Promise<{ description: string; occurrences: SeriesOccurrence[] }> {
      const p = await plan(body.eventTypeId, new Date(body.startTime), body.occurrences, body.timezone);
      return {
        description: describeSeries(p.frequency, body.occurrences),
        occurrences: p.starts.map((t, index) => ({
          index,
          startTime: new Date(t).toISOString(),
          problem: p.problems[index] ? OCCURRENCE_PROBLEMS[p.problems[index]] : null,
        })),
      };
    },

    /** Books a series: all its occurrences but the skipped ones, or nothing (409 SERIES_CONFLICT). */
    async createSeries(
      body: SeriesInput,
      idempotencyKey?: string,
    ): Promise<
      | { booking: CreatedBooking; series: SeriesAnswer; created: true }
      | { booking: CreateBookingAnswer; series: SeriesAnswer; created: false }
    > {
      const zone = body.attendee.timezone;
      const p = await plan(body.eventTypeId, new Date(body.startTime), body.occurrences, zone);
      const { ctx, starts } = p;
      const skipped = new Set(body.skip.map((s) => Date.parse(s)));
      for (const s of skipped) {
        if (!starts.includes(s))
          throw badRequest("Skip only occurrences of this series", { skip: "Not an occurrence" });
      }
      const booked = starts.map((_, i) => i).filter((i) => !skipped.has(starts[i]));
      if (booked.length === 0)
        throw badRequest("Book at least one occurrence", { skip: "Nothing left to book" });
      const choice = chooseLocation(ctx.eventType.locations, body.location);
      if ("field" in choice) throw badRequest(choice.message, { [choice.field]: choice.message });
      const phone = inviteePhone(body.attendee, phoneRule(ctx.eventType.phoneField, choice.location?.type));
      if (!phone.ok) throw badRequest(phone.message, { "attendee.phone": phone.message });
      const blocked = booked.filter((i) => p.problems[i]);
      if (blocked.length > 0) {
        // A retried request finds its own series in the way: answer with it.
        const again = await retried(body, phone.phone, p.frequency, starts, booked, idempotencyKey);
        if (again) return again;
        throw conflictOf(starts, blocked, p.problems, zone);
      }
      const unanswered = unansweredQuestion(ctx.eventType.questions, body.answers);
      if (unanswered) {
        const message = `Please answer "${unanswered}"`;
        throw badRequest(message, { answers: message });
      }
      const guard = {
        hostId: ctx.host.id,
        email: body.attendee.email,
        eventTitle: ctx.eventType.title,
        configVersion: ctx.configVersion,
      };
      const refused = await Promise.all((deps.guards ?? []).map((refuses) => refuses(guard)));
      if (refused.some(Boolean)) throw new AppError("BOOKING_REFUSED", BOOKING_REFUSED_MESSAGE);

      const seriesId = randomUUID();
      const rows = booked.map((index) =>
        occurrenceValues(ctx, body, phone.phone, choice.location, starts[index]),
      );
      // One manage token for the series: its links manage every occurrence.
      const manageToken = idempotencyKey ? keyedManageToken(idempotencyKey, rows[0].uid) : randomToken(32);
      for (const [k, values] of rows.entries()) {
        Object.assign(values, { seriesId, seriesIndex: booked[k], manageTokenHash: sha256(manageToken) });
      }
      const notifyHost = { ...DEFAULT_CALENDAR_SETTINGS.notifications, ...ctx.settings?.notifications };
      const drafts = rows.map((values) => recordOf(draftRow(values, now()), ctx));
      // Each occurrence is a booking to the listeners (workflows remind per occurrence); read before
      // the transaction, as a single booking's are.
      const reactions: BookingReaction[][] = [];
      for (const draft of drafts) {
        reactions.push(
          await listen(listeners, db, {
            kind: "created",
            booking: draft,
            hostNotifications: notifyHost,
            hostConfigVersion: configVersionOf(ctx, draft),
          }),
        );
      }
      // One confirmation for the series: the first booked occurrence's mails.
      const messages = mailer.messagesOf("created", drafts[0], {
        manageToken,
        notifyHost: notifyHost.emailOnBooking,
        series: {
          uid: seriesUid(seriesId),
          sequence: 0,
          frequency: p.frequency,
          count: starts.length,
          description: describeSeries(p.frequency, starts.length),
          timezone: zone,
          start: new Date(starts[0]),
          end: new Date(starts[0] + ctx.eventType.duration * 60_000),
          booked: booked.map((i) => new Date(starts[i])),
          exclude: starts.filter((_, i) => !booked.includes(i)).map((t) => new Date(t)),
        },
      });
      let writing = -1;
      try {
        const recs = await guarded(() =>
          db.transaction(async (tx) => {
            await createSeriesRepo(tx).insert({
              id: seriesId,
              hostUserId: ctx.host.id,
              eventTypeId: ctx.eventType.id,
              frequency: p.frequency,
              count: starts.length,
              timezone: zone,
              startTime: new Date(starts[0]),
            });
            const written: BookingRecord[] = [];
            for (const [k, values] of rows.entries()) {
              writing = booked[k];
              await assertWithinLimits(tx, ctx, values.startTime);
              written.push(recordOf(await insertBooking(tx, values), ctx));
            }
            writing = -1;
            await together(tx, [
              () => mailer.enqueue(tx, messages),
              ...written.map((rec, k) => () => react(reactions[k], tx, { kind: "created", booking: rec })),
            ]);
            return written;
          }),
        );
        const at = now();
        const bookedAt = new Map(recs.map((r) => [r.booking.seriesIndex, r]));
        return {
          created: true as const,
          booking: { ...toBookingDto(recs[0], at), manageToken },
          series: {
            id: seriesId,
            frequency: p.frequency,
            count: starts.length,
            description: describeSeries(p.frequency, starts.length),
            occurrences: starts.map((t, index) => ({
              index,
              startTime: new Date(t).toISOString(),
              problem: bookedAt.has(index) ? null : "Skipped",
            })),
          },
        };
      } catch (error) {
        // Someone took an occurrence (or its period filled) between the check and the write: name it.
        const code = error instanceof AppError ? error.errorCode : null;
        // Two identical requests raced: the loser answers with the winner's series.
        if (code === "SLOT_TAKEN") {
          const again = await retried(body, phone.phone, p.frequency, starts, booked, idempotencyKey);
          if (again) return again;
        }
        if (writing >= 0 && (code === "SLOT_TAKEN" || code === "BOOKING_LIMIT_REACHED")) {
          const problems = starts.map((): Problem => (code === "SLOT_TAKEN" ? "taken" : "limit"));
          throw conflictOf(starts, [writing], problems, zone);
        }
        throw error;
      }
    },
  };

  /**
   * A retried create of this series (a lost answer, a second click) finds the series it made: its
   * first booked occurrence held by this invitee, in a series of the same rule. The same invitee with
   * other details is told so, as for a single booking; the manage token comes back only with the
   * idempotency key it was derived from.
   */
  async function retried(
    body: SeriesInput,
    phone: string,
    frequency: RecurrenceFrequency,
    starts: number[],
    booked: number[],
    idempotencyKey?: string,
  ): Promise<{ booking: CreateBookingAnswer; series: SeriesAnswer; created: false } | undefined> {
    const first = new Date(starts[booked[0]]);
    const found = await createBookingsRepo(db).findIdentical(body.eventTypeId, first, body.attendee.email);
    if (!found) return undefined;
    const b = found.booking;
    if (b.attendeeName !== body.attendee.name || b.attendeePhone !== phone)
      throw conflict("You already have a booking at this time.", "ALREADY_BOOKED");
    const repo = createSeriesRepo(db);
    const s = b.seriesId ? await repo.find(b.seriesId) : undefined;
    const same =
      s &&
      b.seriesIndex === booked[0] &&
      s.startTime.getTime() === starts[0] &&
      s.count === starts.length &&
      s.frequency === frequency;
    if (!s || !same) return undefined;
    const rows = new Map((await repo.occurrences(s.id)).map((r) => [r.booking.seriesIndex, r]));
    const series: SeriesAnswer = {
      id: s.id,
      frequency: s.frequency,
      count: s.count,
      description: describeSeries(s.frequency, s.count),
      occurrences: starts.map((t, index) => ({
        index,
        startTime: new Date(t).toISOString(),
        problem: rows.has(index) ? null : "Skipped",
      })),
    };
    const dto = toBookingDto(found, now());
    const token = idempotencyKey ? keyedManageToken(idempotencyKey, b.uid) : null;
    if (token && holdsToken(b, token))
      return { booking: { ...dto, manageToken: token }, series, created: false };
    // Without the key, knowing an invitee's name, email and phone must not reveal the rest.
    const { _id, uid, eventType, attendee, startTime, endTime, status, host } = dto;
    return {
      booking: { _id, uid, eventType, attendee, startTime, endTime, status, host },
      series,
      created: false,
    };
  }

  function occurrenceValues(
    ctx: EventContext,
    body: SeriesInput,
    phone: string,
    location: BookingInsert["location"],
    t: number,
  ) {
    const id = randomUUID();
    const start = new Date(t);
    return {
      id,
      uid: randomToken(16),
      hostUserId: ctx.host.id,
      eventTypeId: ctx.eventType.id,
      eventTitle: ctx.eventType.title,
      eventColor: ctx.eventType.color,
      eventSlug: ctx.eventType.slug,
      startTime: start,
      endTime: new Date(t + ctx.eventType.duration * 60_000),
      slotKey: slotKeyFor(ctx, start, id),
      attendeeName: body.attendee.name,
      attendeeEmail: body.attendee.email,
      attendeePhone: phone,
      attendeeTimezone: body.attendee.timezone,
      hostTimezone: ctx.schedule?.timezone ?? ctx.host.timezone,
      location,
      answers: body.answers,
      guests: body.guests.filter((g) => g !== body.attendee.email),
      message: body.message,
      attribution: body.attribution,
      // The page's language (issue 27); an API caller's: the event type's fixed one, else the host's.
      language: body.language ?? ctx.eventType.language ?? ctx.host.language ?? DEFAULT_LOCALE,
      manageTokenHash: "",
      seriesId: null as string | null,
      seriesIndex: null as number | null,
    };
  }
}
