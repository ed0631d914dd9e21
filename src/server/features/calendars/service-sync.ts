import type { Location } from "../../../contract/event-types.js";
import { formatPhone } from "../../../domain/phone.js";
import type { BookingEventInput } from "../../calendar-providers/types.js";
import type { Db, Tx } from "../../db/client.js";
import type { CalendarAccountRow, CalendarCalendarRow } from "../../db/schema/index.js";
import { enqueueJobs } from "../../jobs/queue.js";
import type { JobRunner } from "../../jobs/runner.js";
import type { BookingListener } from "../bookings/events.js";
import type { BookingRecord } from "../bookings/repo.js";
import type { CalendarSettingsService } from "../calendar-settings/service.js";
import { createActiveAccountCheck, createCalendarsRepo } from "./repo.js";
import type { AccountsService } from "./service-accounts.js";
import type { BusyTimes } from "./service-busy.js";

export const CALENDAR_SYNC_JOB = "calendar.sync";
/** A Meet link is made while the invitee waits; beyond this the booking goes ahead and the job retries. */
const MEET_WAIT_MS = 5_000;

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
  /** Puts a Meet link made later (by a retry) on the booking. */
  setMeetingLink: (hostId: string, bookingId: string, link: string) => Promise<void>;
}

interface Target {
  account: CalendarAccountRow;
  calendar: CalendarCalendarRow;
}

/** A meeting prepared before the booking commits (bookings/service.ts calls it for google_meet). */
export interface PreparedMeeting {
  meetingLink: string;
  record(tx: Tx, bookingId: string): Promise<void>;
  discard(): Promise<void>;
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
  async function target(
    hostId: string,
    eventTypeId: string | null,
    tx: Db | Tx = db,
  ): Promise<Target | undefined> {
    // Most hosts connect no calendar: one prepared existence check and out.
    if (!(await hasActiveAccount(tx, hostId))) return undefined;
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
      attendees: [
        { name: b.attendeeName, email: b.attendeeEmail },
        ...b.guests.map((g) => ({ name: g, email: g })),
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

  const listener: BookingListener = async (tx, change) => {
    const rec = change.booking;
    const repo = createCalendarsRepo(tx);
    if (change.kind === "created") {
      if (!(await target(rec.host.id, rec.eventType?.id ?? null, tx))) return;
      if (await repo.findEvent(rec.booking.id)) return; // A Meet link made before the commit wrote it.
      // Everything here reads through `tx`: PGlite has one connection, held by the booking's transaction.
      const sync = await deps.calendarSettings.syncIn(tx, rec.host.id);
      if (!sync.addBookingsToCalendar && !wantsMeet(rec.booking.location)) return;
      await enqueue(tx, rec, false);
    } else if (change.kind === "moved") {
      if (await repo.findEvent(rec.booking.id)) await enqueue(tx, rec, false);
    } else if (change.kind === "cancelled") {
      const existing = await repo.findEvent(rec.booking.id);
      if (!existing) return;
      const sync = await deps.calendarSettings.syncIn(tx, rec.host.id);
      if (sync.removeCancelledBookings) await enqueue(tx, rec, true);
    }
  };

  /** Our write changed a calendar: its cached busy times are out of date. */
  async function invalidate(hostId: string, accountId: string, calendarRemoteId: string) {
    for (const c of await createCalendarsRepo(db).listCalendars(hostId)) {
      if (c.accountId === accountId && c.remoteId === calendarRemoteId) deps.busy.invalidateCalendar(c.id);
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

  /** Makes the calendar match the booking now. Throws (so the job retries) when the provider fails. */
  async function sync(hostId: string, bookingId: string): Promise<string> {
    return exclusive(bookingId, async () => {
      const repo = createCalendarsRepo(db);
      const row = await repo.findEvent(bookingId);
      const rec = await deps.bookingRecord(hostId, bookingId);
      if (!row || !rec) return "nothing to do";
      const cancelled = rec.booking.status === "cancelled";
      const account = row.accountId ? await repo.findAccount(hostId, row.accountId) : undefined;
      try {
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
        const message = error instanceof Error ? error.message : String(error);
        await repo.updateEvent(bookingId, {
          state: "failed",
          lastError: message,
          attempts: row.attempts + 1,
        });
        throw error;
      }
    });
  }

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

    /**
     * For a google_meet booking: creates the Google event with a Meet link before the booking commits,
     * so the confirmation page, mails and invite carry it. Null when the host has no Google calendar to
     * write to, or Google did not answer in time (the booking goes ahead; the job makes the link later).
     */
    async prepareMeeting(input: { rec: BookingRecord }): Promise<PreparedMeeting | null> {
      const { rec } = input;
      const t = await target(rec.host.id, rec.eventType?.id ?? null);
      if (t?.account.provider !== "google") return null;
      const handle = deps.accounts.open(t.account);
      let timer: NodeJS.Timeout | undefined;
      const written = await Promise.race([
        handle
          .write(
            t.calendar.remoteId,
            eventOf(rec, { name: rec.host.name, email: t.account.email }, true),
            null,
          )
          .catch(() => null),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), MEET_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!written?.meetLink) return null;
      deps.busy.invalidateCalendar(t.calendar.id);
      return {
        meetingLink: written.meetLink,
        async record(tx, bookingId) {
          await createCalendarsRepo(tx).insertEvent({
            bookingId,
            userId: rec.host.id,
            accountId: t.account.id,
            calendarRemoteId: t.calendar.remoteId,
            remoteId: written.remoteId,
            meetLink: written.meetLink,
            state: "synced",
            attempts: 1,
          });
        },
        async discard() {
          await handle.remove(t.calendar.remoteId, written.remoteId).catch(() => undefined);
        },
      };
    },

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
