import type { BookingEventInput } from "../../calendar-providers/types.js";
import type { Db } from "../../db/client.js";
import type { CalendarEventRow } from "../../db/schema/index.js";
import type { BookingRecord, SeriesCalendarData } from "../bookings/index.js";
import { createCalendarsRepo } from "./repo.js";
import type { SeatEventDeps } from "./service-seat-events.js";

export interface SeriesEventDeps extends Omit<SeatEventDeps, "seatsOf"> {
  /** The series as its recurring event shows it now (the bookings service). */
  seriesOf: (hostId: string, seriesId: string) => Promise<SeriesCalendarData | undefined>;
  /** Puts the series' Meet link on an occurrence (the bookings service). */
  setMeetingLink: (hostId: string, bookingId: string, link: string) => Promise<void>;
}

/**
 * The host's one recurring calendar event for a series (issue 28 item 3): one event with the invite's
 * RRULE (its UID `series-<id>`, the series' zone) and an EXDATE for every date of the rule not held there
 * (skipped, cancelled or moved). The occurrences it shows write nothing of their own: their rows name the
 * series (`series_id`) and its remote event. A cancelled occurrence rewrites it with one EXDATE more; the
 * last one cancelled deletes it. A rescheduled occurrence leaves it (its old date becomes an EXDATE) and
 * is written as its own event by the ordinary path, the simplest behaviour calendar apps all show right
 * (no RECURRENCE-ID overrides, which Google and CalDAV servers handle each their own way).
 */
export function createSeriesEvents(db: Db, deps: SeriesEventDeps) {
  function seriesEvent(
    data: SeriesCalendarData,
    organizer: { name: string; email: string },
    meet: boolean,
  ): BookingEventInput {
    const first = deps.eventOf(data.members[0], organizer, meet);
    const s = data.series;
    return {
      ...first,
      uid: s.uid,
      // Seconds: a later version of the series' event always carries a higher SEQUENCE.
      sequence: Math.floor(deps.now().getTime() / 1000),
      start: s.start,
      end: s.end,
      timeZone: s.timezone,
      recurrence: { frequency: s.frequency, count: s.count, exclude: s.exclude },
    };
  }

  /** Writes the series' event as it stands now. Throws when the provider fails, so the job retries. */
  async function writeSeries(
    hostId: string,
    seriesId: string,
    row: CalendarEventRow,
    eventTypeId: string | null,
  ) {
    const repo = createCalendarsRepo(db);
    const data = await deps.seriesOf(hostId, seriesId);
    if (data) await takeOver(hostId, seriesId, data, eventTypeId);
    const ids = [...new Set([row.bookingId, ...(data?.occurrenceIds ?? [])])];
    const rows = (await repo.eventsFor(hostId, ids)).filter((r) => r.seriesId === seriesId);
    const shared = rows.find((r) => r.remoteId && r.accountId && r.calendarRemoteId);
    const account = shared?.accountId ? await repo.findAccount(hostId, shared.accountId) : undefined;
    const memberIds = new Set(data?.members.map((m) => m.booking.id));
    const left = rows.filter((r) => !memberIds.has(r.bookingId)).map((r) => r.bookingId);
    if (!data || data.members.length === 0) {
      if (shared?.remoteId && shared.calendarRemoteId && account) {
        await deps.accounts.open(account).remove(shared.calendarRemoteId, shared.remoteId);
        await deps.invalidate(hostId, account.id, shared.calendarRemoteId);
      }
      await repo.updateEvents(left, { remoteId: null, seriesId: null, state: "synced", lastError: null });
      return "deleted";
    }
    const where =
      account && shared?.calendarRemoteId
        ? { account, calendarRemoteId: shared.calendarRemoteId }
        : await deps.target(hostId, eventTypeId);
    if (!where) {
      await repo.updateEvent(row.bookingId, {
        state: "failed",
        lastError: "No connected calendar receives bookings",
      });
      return "no calendar";
    }
    // A Google Meet series: Google gives the recurring event one link, which every occurrence carries.
    const meet =
      data.members[0].booking.location?.type === "google_meet" && where.account.provider === "google";
    const written = await deps.accounts
      .open(where.account)
      .write(
        where.calendarRemoteId,
        seriesEvent(data, { name: data.members[0].host.name, email: where.account.email }, meet),
        shared?.remoteId ?? null,
      );
    // Only the members that have a row (the host takes bookings into a calendar): none is made here.
    await repo.updateEvents([...memberIds], {
      accountId: where.account.id,
      calendarRemoteId: where.calendarRemoteId,
      remoteId: written.remoteId,
      ...(written.meetLink ? { meetLink: written.meetLink } : {}),
      seriesId,
      state: "synced",
      lastError: null,
    });
    // A cancelled or moved occurrence names the series' event no more.
    await repo.updateEvents(left, { remoteId: null, seriesId: null, state: "synced", lastError: null });
    await deps.invalidate(hostId, where.account.id, where.calendarRemoteId);
    const link = meet ? written.meetLink : null;
    for (const m of link ? data.members : []) {
      if (m.booking.location?.value !== link) await deps.setMeetingLink(hostId, m.booking.id, link as string);
    }
    return "written";
  }

  /**
   * Before the series' event is written, its members' other events give them up: "this and following"
   * moved them from another series, whose event is rewritten first (ending earlier, or gone when
   * nothing is left of it); one moved back onto the rule's dates had its own event, which goes.
   */
  async function takeOver(
    hostId: string,
    seriesId: string,
    data: SeriesCalendarData,
    eventTypeId: string | null,
  ) {
    const rows = await createCalendarsRepo(db).eventsFor(
      hostId,
      data.members.map((m) => m.booking.id),
    );
    const earlier = new Set<string>();
    for (const r of rows) {
      if (r.seriesId && r.seriesId !== seriesId && !earlier.has(r.seriesId)) {
        earlier.add(r.seriesId);
        await writeSeries(hostId, r.seriesId, r, eventTypeId);
      } else if (!r.seriesId && r.remoteId) await removeOwn(hostId, r);
    }
  }

  /** Removes an occurrence's own event: the series' event shows it again. */
  async function removeOwn(hostId: string, row: CalendarEventRow) {
    const repo = createCalendarsRepo(db);
    const account = row.accountId ? await repo.findAccount(hostId, row.accountId) : undefined;
    if (account && row.remoteId && row.calendarRemoteId) {
      await deps.accounts.open(account).remove(row.calendarRemoteId, row.remoteId);
      await deps.invalidate(hostId, account.id, row.calendarRemoteId);
    }
    await repo.updateEvent(row.bookingId, { remoteId: null });
  }

  return {
    /**
     * An occurrence's job. "own event": the occurrence is not (or no longer) shown by the series' event;
     * it has left it, and the caller makes its own event match it (written when moved, gone when cancelled).
     */
    async sync(hostId: string, rec: BookingRecord, row: CalendarEventRow): Promise<string> {
      const seriesId = (rec.booking.seriesId ?? row.seriesId) as string;
      const data = await deps.seriesOf(hostId, seriesId);
      const member = !!data?.members.some((m) => m.booking.id === rec.booking.id);
      const eventTypeId = rec.eventType?.id ?? null;
      if (member) {
        // The occurrences of one series are created together: the first job wrote them all.
        if (row.seriesId === seriesId && row.remoteId && row.state === "synced" && !row.deleted)
          return "in the series event";
        return writeSeries(hostId, seriesId, row, eventTypeId);
      }
      if (row.seriesId) await writeSeries(hostId, row.seriesId, row, eventTypeId);
      return "own event";
    },
  };
}
