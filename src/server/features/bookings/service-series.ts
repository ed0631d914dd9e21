import { randomUUID } from "node:crypto";
import { BOOKING_REFUSED_MESSAGE } from "../../../contract/blocklist.js";
import type { BookingDto, CreatedBooking } from "../../../contract/bookings.js";
import { DEFAULT_CALENDAR_SETTINGS } from "../../../contract/calendar-settings.js";
import { phoneRule } from "../../../contract/event-types.js";
import { DEFAULT_LOCALE } from "../../../contract/languages.js";
import { describeSeries, SERIES_CONFLICT_MESSAGE, SERIES_OFF_MESSAGE } from "../../../contract/recurrence.js";
import {
  type BookingSeriesInfo,
  type createSeriesBody,
  OCCURRENCE_PROBLEMS,
  type PreviewSeriesBody,
  type SeriesOccurrence,
} from "../../../contract/series.js";
import { chooseLocation, unansweredQuestion } from "../../../domain/booking-rules.js";
import { inviteePhone } from "../../../domain/phone.js";
import { expandOccurrences, type RecurrenceFrequency } from "../../../domain/recurrence.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { HOLDING_STATUSES } from "../../db/schema/index.js";
import { together } from "../../db/together.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { AppError, badRequest, notFound } from "../../lib/errors.js";
import { type SeriesMailData, when } from "../../mail/booking-mails.js";
import { type EventContext, isOpen, slotKeyFor } from "../slots/service.js";
import { type BookingReaction, configVersionOf, listen, react } from "./events.js";
import type { BookingInsert, BookingRecord } from "./repo.js";
import { createSeriesRepo } from "./repo-series.js";
import type { BookingsDeps } from "./service.js";
import { assertWithinLimits } from "./service-limits.js";
import {
  type BookingMailer,
  draftRow,
  EVENT_NOT_FOUND,
  gone,
  guarded,
  keyedManageToken,
  recordOf,
  toBookingDto,
} from "./service-records.js";

type SeriesInput = import("zod").infer<typeof createSeriesBody>;
type Problem = keyof typeof OCCURRENCE_PROBLEMS;

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
    const problems = checks.map((c): Problem | undefined =>
      !c || c.bookable ? undefined : c.taken ? "taken" : c.limited ? "limit" : "unavailable",
    );
    return { ctx: first.ctx, frequency: rule.frequency, starts, problems };
  }

  /** 409 naming each occurrence that cannot be booked, on the invitee's wall clock. */
  function conflictOf(starts: number[], indexes: number[], problems: (Problem | undefined)[], zone: string) {
    const errors: Record<string, string> = {};
    const named = indexes.map((i) => {
      const w = when(new Date(starts[i]), zone);
      errors[new Date(starts[i]).toISOString()] = OCCURRENCE_PROBLEMS[problems[i] ?? "taken"];
      return `${w.date} ${w.time}`;
    });
    return new AppError("SERIES_CONFLICT", `${SERIES_CONFLICT_MESSAGE}: ${named.join("; ")}.`, errors);
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
    ): Promise<{ booking: CreatedBooking; series: SeriesAnswer }> {
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
      const blocked = booked.filter((i) => p.problems[i]);
      if (blocked.length > 0) throw conflictOf(starts, blocked, p.problems, zone);

      const choice = chooseLocation(ctx.eventType.locations, body.location);
      if ("field" in choice) throw badRequest(choice.message, { [choice.field]: choice.message });
      const phone = inviteePhone(body.attendee, phoneRule(ctx.eventType.phoneField, choice.location?.type));
      if (!phone.ok) throw badRequest(phone.message, { "attendee.phone": phone.message });
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
        if (writing >= 0 && (code === "SLOT_TAKEN" || code === "BOOKING_LIMIT_REACHED")) {
          const problems = starts.map((): Problem => (code === "SLOT_TAKEN" ? "taken" : "limit"));
          throw conflictOf(starts, [writing], problems, zone);
        }
        throw error;
      }
    },
  };

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

/**
 * Booking answers with their place in a series ("Occurrence 3 of 6"); with `listAll`, every occurrence
 * of the series too (the invitee's page). One read for a page of bookings; none when no series.
 */
export async function withSeriesInfo<T extends BookingDto>(
  db: DbOrTx,
  pairs: { rec: BookingRecord; dto: T }[],
  listAll = false,
): Promise<T[]> {
  const ids = [...new Set(pairs.map((p) => p.rec.booking.seriesId).filter((id): id is string => !!id))];
  if (ids.length === 0) return pairs.map((p) => p.dto);
  const repo = createSeriesRepo(db);
  const rows = new Map((await repo.many(ids)).map((s) => [s.id, s]));
  const all = listAll && ids.length === 1 ? await repo.occurrences(ids[0]) : null;
  return pairs.map(({ rec, dto }) => {
    const s = rec.booking.seriesId ? rows.get(rec.booking.seriesId) : undefined;
    if (!s) return dto;
    const series: BookingSeriesInfo = {
      id: s.id,
      index: rec.booking.seriesIndex ?? 0,
      count: s.count,
      frequency: s.frequency,
      description: describeSeries(s.frequency, s.count),
      ...(all
        ? {
            occurrences: all.map((o) => ({
              index: o.booking.seriesIndex ?? 0,
              startTime: o.booking.startTime.toISOString(),
              status: o.booking.status,
              uid: o.booking.uid,
            })),
          }
        : {}),
    };
    return { ...dto, series };
  });
}

/** The calendar UID of a series' one recurring event (calendarUid adds "@kairos"). */
export const seriesUid = (seriesId: string) => `series-${seriesId}`;

/**
 * A series as its mails and invite show it now, read with `reader` (a change's transaction): the
 * occurrences still held are its dates, every other start of the rule is an EXDATE.
 */
export async function seriesMailData(reader: DbOrTx, seriesId: string): Promise<SeriesMailData | undefined> {
  const repo = createSeriesRepo(reader);
  const s = await repo.find(seriesId);
  if (!s) return undefined;
  const rows = await repo.occurrences(seriesId);
  const held = rows.filter((r) => (HOLDING_STATUSES as readonly string[]).includes(r.booking.status));
  const booked = held.map((r) => r.booking.startTime.getTime());
  const starts = expandOccurrences(s.startTime.getTime(), s.timezone, s.frequency, s.count);
  const minutes = rows[0] ? rows[0].booking.endTime.getTime() - rows[0].booking.startTime.getTime() : 0;
  return {
    uid: seriesUid(s.id),
    sequence: rows.length - held.length,
    frequency: s.frequency,
    count: s.count,
    description: describeSeries(s.frequency, s.count),
    timezone: s.timezone,
    start: s.startTime,
    end: new Date(s.startTime.getTime() + minutes),
    booked: booked.map((t) => new Date(t)),
    exclude: starts.filter((t) => !booked.includes(t)).map((t) => new Date(t)),
  };
}

/** What the host's one recurring calendar event of a series is written from (calendars' sync). */
export interface SeriesCalendarData {
  series: SeriesMailData;
  /** The occurrences the event shows: held on their rule's dates (a moved one is its own event). */
  members: BookingRecord[];
  /** Every occurrence written of the series, any status. */
  occurrenceIds: string[];
}

/** A series of `hostId` as its recurring calendar event shows it now; another host's: undefined. */
export async function seriesCalendarData(
  reader: DbOrTx,
  hostId: string,
  seriesId: string,
): Promise<SeriesCalendarData | undefined> {
  const series = await seriesMailData(reader, seriesId);
  const rows = await createSeriesRepo(reader).occurrences(seriesId);
  if (!series || rows[0]?.host.id !== hostId) return undefined;
  const ruleStarts = new Set(
    expandOccurrences(series.start.getTime(), series.timezone, series.frequency, series.count),
  );
  const members = rows.filter(
    (r) =>
      (HOLDING_STATUSES as readonly string[]).includes(r.booking.status) &&
      ruleStarts.has(r.booking.startTime.getTime()),
  );
  return { series, members, occurrenceIds: rows.map((r) => r.booking.id) };
}
