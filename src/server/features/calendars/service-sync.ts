import type { Location } from "../../../contract/event-types.js";
import { formatPhone } from "../../../domain/phone.js";
import type { BookingEventInput } from "../../calendar-providers/types.js";
import type { Db, Tx } from "../../db/client.js";
import type { CalendarAccountRow, CalendarCalendarRow, CalendarEventRow } from "../../db/schema/index.js";
import { enqueueJobs } from "../../jobs/queue.js";
import type { JobRunner } from "../../jobs/runner.js";
import { hostConfigCache } from "../../lib/host-config-cache.js";
import type { BookingListener } from "../bookings/events.js";
import type { BookingRecord } from "../bookings/index.js";
import type { CalendarSettingsService } from "../calendar-settings/service.js";
import { createActiveAccountCheck, createCalendarsRepo } from "./repo.js";
import type { AccountsService } from "./service-accounts.js";
import type { BusyTimes } from "./service-busy.js";
import { createMeetPreparer } from "./service-meet.js";
import { createSeatEvents, isSeatKey } from "./service-seat-events.js";
import { createSeriesEvents, type SeriesEventDeps } from "./service-series-events.js";

export type { PreparedMeeting } from "./service-meet.js";

export const CALENDAR_SYNC_JOB = "calendar.sync";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface SyncDeps {
  accounts: AccountsService;
  busy: BusyTimes;
  calendarSettings: CalendarSettingsService;
  jobs: JobRunner;
  now: () => Date;
  publicUrl: string;
  /** The Google account an event type names for its Meet links (the picker), if any. */
  eventTypeAccount: (eventTypeId: string, tx: Db | Tx) => Promise<string | null>;
  /** The booking as it is now; bound after the bookings service exists. */
  bookingRecord: (hostId: string, bookingId: string) => Promise<BookingRecord | undefined>;
  /** A group slot's confirmed seats now (their one event: service-seat-events.ts). */
  seatsOf: (hostId: string, slotKey: string) => Promise<BookingRecord[]>;
  /** A series as its one recurring event shows it now (service-series-events.ts). */
  seriesOf: SeriesEventDeps["seriesOf"];
  /** Puts a Meet link made later (by a retry) on the booking. */
  setMeetingLink: (hostId: string, bookingId: string, link: string) => Promise<void>;
}

interface Target {
  account: CalendarAccountRow;
  calendar: CalendarCalendarRow;
}

/**
 * Bookings written to the host's calendar: the event type's account (else the primary) and that
 * account's booking calendar, with the invitee as attendee. Changes are recorded and queued inside the
 * booking's transaction; the job makes the calendar match the booking as it is then (create, move,
 * delete), so retries and late jobs are harmless. A failure never touches the booking: the job retries
 * with backoff and the meeting shows the state.
 */
export function createCalendarSync(db: Db, deps: SyncDeps) {
  const hasActiveAccount = createActiveAccountCheck(db);
  const activeKept = hostConfigCache<boolean>();
  async function target(
    hostId: string,
    eventTypeId: string | null,
    tx: Db | Tx = db,
    configVersion?: number,
  ): Promise<Target | undefined> {
    // Most hosts connect no calendar: one prepared existence check and out (none while the host's
    // config counter stands, for a new booking that brings it).
    if (!(await activeKept.get(hostId, configVersion, () => hasActiveAccount(tx, hostId)))) return undefined;
    const repo = createCalendarsRepo(tx);
    const accounts = (await repo.listAccounts(hostId)).filter((a) => a.isActive);
    const named = eventTypeId ? await deps.eventTypeAccount(eventTypeId, tx) : null;
    const account = accounts.find((a) => a.id === named) ?? accounts.find((a) => a.isPrimary) ?? accounts[0];
    if (!account) return undefined;
    const calendar = await repo.bookingTarget(account.id);
    return calendar ? { account, calendar } : undefined;
  }

  function eventOf(
    rec: BookingRecord,
    organizer: { name: string; email: string },
    meet: boolean,
  ): BookingEventInput {
    const b = rec.booking;
    const title = rec.eventType?.title ?? b.eventTitle;
    const link = meet ? null : b.location?.value || null;
    const lines = [
      `${title} with ${b.attendeeName}`,
      `Invitee: ${b.attendeeName} <${b.attendeeEmail}>${b.attendeePhone ? `, ${formatPhone(b.attendeePhone)}` : ""}`,
      b.message ? `Message: ${b.message}` : "",
      ...b.answers.map((a) => `${a.question}: ${a.answer}`),
      `Booked with Kairos: ${deps.publicUrl}`,
    ].filter(Boolean);
    return {
      uid: b.uid,
      sequence: b.icsSequence,
      summary: `${title} with ${b.attendeeName}`,
      description: lines.join("\n"),
      start: b.startTime,
      end: b.endTime,
      timeZone: b.hostTimezone,
      location: link ?? b.location?.displayName ?? null,
      organizer,
      // A collective meeting is written to its holder's calendar with the other hosts invited, as
      // calendar apps show a meeting of several hosts.
      attendees: [
        { name: b.attendeeName, email: b.attendeeEmail },
        ...b.guests.map((g) => ({ name: g, email: g })),
        ...rec.coHosts.map((h) => ({ name: h.name, email: h.email })),
      ],
      meet,
    };
  }

  const wantsMeet = (location: Location | null) => location?.type === "google_meet";

  async function enqueue(tx: Tx, rec: BookingRecord, deleted: boolean) {
    const repo = createCalendarsRepo(tx);
    await repo.markPending(rec.booking.id, rec.host.id, deleted);
    await enqueueJobs(tx, {
      kind: CALENDAR_SYNC_JOB,
      // One job per version of the booking: a move after an earlier job finished still gets its own.
      key: `calendar:${rec.booking.id}:${rec.booking.icsSequence}`,
      bookingId: rec.booking.id,
      runAt: deps.now(),
      payload: { bookingId: rec.booking.id, hostId: rec.host.id },
      maxAttempts: 8,
    });
  }

  /** Whether a booking of this host goes into their calendar: one to write to, and adding turned on (or Meet). */
  async function wantsEvent(tx: Db | Tx, rec: BookingRecord, configVersion?: number): Promise<boolean> {
    if (!(await target(rec.host.id, rec.eventType?.id ?? null, tx, configVersion))) return false;
    // Everything here reads through `tx`: PGlite has one connection, held by the booking's transaction.
    const sync = await deps.calendarSettings.syncIn(tx, rec.host.id);
    return sync.addBookingsToCalendar || wantsMeet(rec.booking.location);
  }

  const listener: BookingListener = async (reader, change) => {
    const rec = change.booking;
    const repo = createCalendarsRepo(reader);
    if (change.kind === "created") {
      // Most hosts connect no calendar: wantsEvent's first check answers for them in one prepared query.
      if (!(await wantsEvent(reader, rec, change.hostConfigVersion))) return;
      return async (tx, created) => {
        // A Meet link made before the commit wrote the event's row already.
        if (await createCalendarsRepo(tx).findEvent(created.booking.booking.id)) return;
        await enqueue(tx, created.booking, false);
      };
    }
    if (change.kind === "moved") {
      // A copy follows the move (to another host's calendar when round robin reassigned it); a booking
      // without one gets one when its host, maybe a new one, takes bookings into a calendar.
      if ((await repo.findEvent(rec.booking.id)) || (await wantsEvent(reader, rec)))
        return (tx, moved) => enqueue(tx, moved.booking, false);
    } else if (change.kind === "cancelled") {
      const existing = await repo.findEvent(rec.booking.id);
      if (!existing) return;
      const sync = await deps.calendarSettings.syncIn(reader, rec.host.id);
      if (sync.removeCancelledBookings) return (tx, cancelled) => enqueue(tx, cancelled.booking, true);
    }
  };

  /**
   * Round robin gave the booking to another host: the previous host's copy is removed from their
   * calendar (with their account) and the row starts over for the new host. Throws when the provider
   * fails, so the job retries and the row still names the previous host's copy.
   */
  async function handOver(row: CalendarEventRow, newHostId: string): Promise<void> {
    const repo = createCalendarsRepo(db);
    const previous = row.accountId ? await repo.findAccount(row.userId, row.accountId) : undefined;
    if (previous && row.remoteId && row.calendarRemoteId) {
      await deps.accounts.open(previous).remove(row.calendarRemoteId, row.remoteId);
      await invalidate(row.userId, previous.id, row.calendarRemoteId);
    }
    await repo.handOverEvent(row.bookingId, newHostId);
  }

  /** Our write changed a calendar: its cached busy times are out of date (kept, marked stale). */
  async function invalidate(hostId: string, accountId: string, calendarRemoteId: string) {
    for (const c of await createCalendarsRepo(db).listCalendars(hostId)) {
      if (c.accountId === accountId && c.remoteId === calendarRemoteId)
        await deps.busy.invalidateCalendar(c.id);
    }
  }

  /** Serialises work on one booking within this process (two versions' jobs may be claimed together). */
  const running = new Map<string, Promise<unknown>>();
  function exclusive<T>(bookingId: string, fn: () => Promise<T>): Promise<T> {
    const before = running.get(bookingId) ?? Promise.resolve();
    const next = before.catch(() => undefined).then(fn);
    running.set(bookingId, next);
    next
      .finally(() => {
        if (running.get(bookingId) === next) running.delete(bookingId);
      })
      .catch(() => undefined);
    return next;
  }

  const shared = {
    ...deps,
    eventOf,
    invalidate,
    target: async (hostId: string, eventTypeId: string | null) => {
      const t = await target(hostId, eventTypeId);
      return t && { account: t.account, calendarRemoteId: t.calendar.remoteId };
    },
  };
  const seatEvents = createSeatEvents(db, shared);
  const seriesEvents = createSeriesEvents(db, shared);

  /** Makes the calendar match the booking now. Throws (so the job retries) when the provider fails. */
  async function sync(hostId: string, bookingId: string): Promise<string> {
    // The seats of one group slot share an event, as do a series' occurrences: one at a time (the
    // series, else a seat's slot key, else the booking).
    const first = await deps.bookingRecord(hostId, bookingId);
    return exclusive(first?.booking.seriesId ?? first?.booking.slotKey ?? bookingId, async () => {
      const repo = createCalendarsRepo(db);
      let row = await repo.findEvent(bookingId);
      const rec = await deps.bookingRecord(hostId, bookingId);
      if (!row || !rec) return "nothing to do";
      try {
        if (isSeatKey(rec.booking.slotKey) || row.slotKey) {
          const outcome = await seatEvents.sync(hostId, rec, row);
          if (isSeatKey(rec.booking.slotKey)) return outcome;
          row = { ...row, remoteId: null, slotKey: null };
        }
        if (rec.booking.seriesId || row.seriesId) {
          const outcome = await seriesEvents.sync(hostId, rec, row);
          if (outcome !== "own event") return outcome;
          // It left the series' event (which its rewrite recorded): its own event starts afresh.
          if (row.seriesId) row = { ...row, remoteId: null, seriesId: null };
        }
        if (row.userId !== rec.host.id) {
          await handOver(row, rec.host.id);
          row = await repo.findEvent(bookingId);
          if (!row) return "nothing to do";
          // The new host keeps no calendar copy (none connected, or adding bookings off): nothing to track.
          if (!(await wantsEvent(db, rec))) {
            await repo.deleteEvent(bookingId);
            return "handed over";
          }
        }
        const cancelled = rec.booking.status === "cancelled";
        const account = row.accountId ? await repo.findAccount(hostId, row.accountId) : undefined;
        if (cancelled || row.deleted) {
          if (row.remoteId && account && row.calendarRemoteId) {
            await deps.accounts.open(account).remove(row.calendarRemoteId, row.remoteId);
            await invalidate(hostId, account.id, row.calendarRemoteId);
          }
          await repo.updateEvent(bookingId, {
            remoteId: null,
            state: "synced",
            lastError: null,
            attempts: row.attempts + 1,
          });
          return "deleted";
        }
        // Where it lives already, else where it should go now.
        const where =
          account && row.calendarRemoteId
            ? { account, calendarRemoteId: row.calendarRemoteId }
            : await target(hostId, rec.eventType?.id ?? null).then((t) =>
                t ? { account: t.account, calendarRemoteId: t.calendar.remoteId } : undefined,
              );
        if (!where) {
          await repo.updateEvent(bookingId, {
            state: "failed",
            lastError: "No connected calendar receives bookings",
          });
          return "no calendar";
        }
        const meet = wantsMeet(rec.booking.location) && where.account.provider === "google";
        const written = await deps.accounts
          .open(where.account)
          .write(
            where.calendarRemoteId,
            eventOf(rec, { name: rec.host.name, email: where.account.email }, meet),
            row.remoteId,
          );
        await repo.updateEvent(bookingId, {
          accountId: where.account.id,
          calendarRemoteId: where.calendarRemoteId,
          remoteId: written.remoteId,
          meetLink: written.meetLink ?? row.meetLink,
          state: "synced",
          lastError: null,
          attempts: row.attempts + 1,
        });
        await invalidate(hostId, where.account.id, where.calendarRemoteId);
        if (written.meetLink && rec.booking.location?.value !== written.meetLink && meet) {
          await deps.setMeetingLink(hostId, bookingId, written.meetLink);
        }
        return "written";
      } catch (error) {
        await repo.updateEvent(bookingId, {
          state: "failed",
          lastError: errorText(error),
          attempts: (row?.attempts ?? 0) + 1,
        });
        throw error;
      }
    });
  }

  const meetLinks = createMeetPreparer(db, { ...deps, eventOf });

  deps.jobs.register(
    CALENDAR_SYNC_JOB,
    async (job) => {
      const { hostId, bookingId } = job.payload as { hostId: string; bookingId: string };
      return { result: { outcome: await sync(hostId, bookingId) } };
    },
    { backoffMs: 30_000 },
  );

  return {
    listener,

    /** Whether the booking was written to (or is queued for) one of the host's calendars still connected. */
    async onHostCalendar(bookingId: string): Promise<boolean> {
      const event = await createCalendarsRepo(db).findEvent(bookingId);
      return !!event?.accountId;
    },

    /** See service-meet.ts. */
    prepareMeeting: meetLinks.prepareMeeting,

    /** How each booking's calendar event is doing, for the meetings screen. */
    async states(hostId: string, bookingIds: string[]) {
      const repo = createCalendarsRepo(db);
      const [rows, accounts] = await Promise.all([
        repo.eventsFor(hostId, bookingIds),
        repo.listAccounts(hostId),
      ]);
      return Object.fromEntries(
        rows.map((r) => [
          r.bookingId,
          {
            state: r.state,
            account: accounts.find((a) => a.id === r.accountId)?.email ?? null,
            lastError: r.lastError,
            attempts: r.attempts,
            meetLink: r.meetLink,
          },
        ]),
      );
    },
  };
}

export type CalendarSync = ReturnType<typeof createCalendarSync>;
