import type { BookingDto } from "../../../contract/bookings.js";
import { describeSeries } from "../../../contract/recurrence.js";
import type { BookingSeriesInfo } from "../../../contract/series.js";
import { expandOccurrences } from "../../../domain/recurrence.js";
import type { DbOrTx } from "../../db/client.js";
import { HOLDING_STATUSES } from "../../db/schema/index.js";
import type { SeriesMailData } from "../../mail/booking-mails.js";
import type { BookingRecord } from "./repo.js";
import { createSeriesRepo } from "./repo-series.js";

/* A series as pages, mails and calendars show it (issue 28 item 3); booking one is service-series.ts. */

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
    // Every cancelled occurrence adds an EXDATE, every move off a date or cut (s.sequence) a change.
    sequence: s.sequence + rows.length - held.length,
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
