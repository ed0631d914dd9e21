import type { BookingEventInput } from "../../calendar-providers/types.js";
import { CredentialsError, ProviderError } from "../../calendar-providers/types.js";
import type { Db, Tx } from "../../db/client.js";
import type { CalendarAccountRow } from "../../db/schema/index.js";
import { enqueueJobs } from "../../jobs/queue.js";
import type { JobRunner } from "../../jobs/runner.js";
import { AppError } from "../../lib/errors.js";
import { calendarRefusedMail } from "../../mail/calendar-mails.js";
import { enqueueMail } from "../../mail/outbox.js";
import type { BookingRecord } from "../bookings/index.js";
import { createCalendarsRepo } from "./repo.js";
import type { AccountsService } from "./service-accounts.js";
import type { BusyTimes } from "./service-busy.js";

/** Tells a host, at most once a day per failure, that invitees are turned away (see refuse()). */
export const MEET_REFUSED_NOTICE_JOB = "calendar.meet-refused-notice";
/** A Meet link is made while the invitee waits; beyond this the booking goes ahead and the job retries. */
const MEET_WAIT_MS = 5_000;

/** A meeting prepared before the booking commits (bookings/service.ts calls it for google_meet). */
export interface PreparedMeeting {
  meetingLink: string;
  record(tx: Tx, bookingId: string): Promise<void>;
  discard(): Promise<void>;
}

export interface MeetDeps {
  accounts: AccountsService;
  busy: BusyTimes;
  jobs: JobRunner;
  now: () => Date;
  publicUrl: string;
  /** The Google account an event type names for its Meet links (the picker), if any. */
  eventTypeAccount: (eventTypeId: string, tx: Db | Tx) => Promise<string | null>;
  /** The calendar event of a booking, as the sync job writes it. */
  eventOf: (
    rec: BookingRecord,
    organizer: { name: string; email: string },
    meet: boolean,
  ) => BookingEventInput;
}

type RefusalCode =
  | "GOOGLE_NOT_CONNECTED"
  | "GOOGLE_TOKEN_EXPIRED"
  | "GOOGLE_ACCESS_DENIED"
  | "MEETING_CREATION_FAILED";

/** What the invitee is answered (the booking page shows the spec's alert for the code). */
const INVITEE_MESSAGE: Record<RefusalCode, string> = {
  GOOGLE_NOT_CONNECTED: "The host has not connected a Google Calendar for Google Meet links",
  GOOGLE_TOKEN_EXPIRED: "The host's Google Calendar connection has expired",
  GOOGLE_ACCESS_DENIED: "The host's Google Calendar refused access (permissions)",
  MEETING_CREATION_FAILED: "The meeting link could not be created",
};

/**
 * Google Meet links for bookings, made while the invitee waits. Where no link can ever come (no Google
 * account, its connection expired or refused, Google refusing the request as such), the booking is
 * refused with the spec's code and the host is mailed; where Google is only slow or down for a moment,
 * the booking goes ahead and the sync job adds the link later (and the invitee is mailed it then). A
 * link the host pasted into the location needs none of this: it is kept whatever Google says.
 */
export function createMeetPreparer(db: Db, deps: MeetDeps) {
  deps.jobs.register(MEET_REFUSED_NOTICE_JOB, async (job) => {
    const p = job.payload as {
      to: string;
      hostName: string;
      eventTitle: string;
      problem: string;
      fix: string;
      code?: string;
      email?: string;
      language?: string | null;
    };
    return {
      commit: (tx) => enqueueMail(tx, calendarRefusedMail(p.to, { ...p, publicUrl: deps.publicUrl })),
    };
  });

  /** The Google account Meet links of this event type come from, in whatever state, and its booking calendar. */
  async function meetTarget(hostId: string, eventTypeId: string | null) {
    const repo = createCalendarsRepo(db);
    const google = (await repo.listAccounts(hostId)).filter((a) => a.provider === "google");
    if (google.length === 0) return undefined;
    const named = eventTypeId ? await deps.eventTypeAccount(eventTypeId, db) : null;
    const account =
      google.find((a) => a.id === named) ??
      google.find((a) => a.isPrimary && a.isActive) ??
      google.find((a) => a.isActive) ??
      google[0];
    const calendar = account.isActive ? await repo.bookingTarget(account.id) : undefined;
    return { account, calendar };
  }

  /** Refuses the booking with `code`, and tells the host (one mail a day per host and failure). */
  async function refuse(rec: BookingRecord, code: RefusalCode, account?: CalendarAccountRow): Promise<never> {
    const email = account?.email ?? "";
    const problem: Record<RefusalCode, string> = {
      GOOGLE_NOT_CONNECTED: "it uses Google Meet, and no Google Calendar is connected to make the link.",
      GOOGLE_TOKEN_EXPIRED: `the connection to your Google Calendar ${email} has expired or was revoked.`,
      GOOGLE_ACCESS_DENIED: `Google refused access to your calendar ${email} (permissions).`,
      MEETING_CREATION_FAILED: `Google would not create the Meet link in ${email}.`,
    };
    const fix =
      code === "GOOGLE_NOT_CONNECTED" || code === "MEETING_CREATION_FAILED"
        ? "Until you connect a Google Calendar that receives bookings, or choose another location, invitees cannot book it."
        : "Until you reconnect it, invitees cannot book your event types that use Google Meet.";
    const title = rec.eventType?.title ?? rec.booking.eventTitle;
    const day = deps.now().toISOString().slice(0, 10);
    await enqueueJobs(db, {
      kind: MEET_REFUSED_NOTICE_JOB,
      key: `meet-refused:${rec.host.id}:${code}:${day}`,
      runAt: deps.now(),
      payload: {
        to: rec.host.email,
        hostName: rec.host.name,
        eventTitle: title,
        problem: problem[code],
        fix,
        // The host's mail speaks their app language (issue 27): the problem by its code.
        code,
        email,
        language: rec.host.appLanguage,
      },
    });
    throw new AppError(code, INVITEE_MESSAGE[code]);
  }

  return {
    /**
     * For a google_meet booking: creates the Google event with a Meet link before the booking commits,
     * so the confirmation page, mails and invite carry it. Null when the booking goes ahead without a
     * new link (the host pasted one, or Google did not answer in time: the job makes it later).
     */
    async prepareMeeting(input: { rec: BookingRecord }): Promise<PreparedMeeting | null> {
      const { rec } = input;
      const pasted = !!rec.booking.location?.value;
      const t = await meetTarget(rec.host.id, rec.eventType?.id ?? null);
      if (!t?.account.isActive || !t.calendar) {
        if (pasted) return null;
        if (!t) return refuse(rec, "GOOGLE_NOT_CONNECTED");
        return refuse(
          rec,
          t.account.isActive ? "MEETING_CREATION_FAILED" : "GOOGLE_TOKEN_EXPIRED",
          t.account,
        );
      }
      const { account, calendar } = t;
      const handle = deps.accounts.open(account);
      let timer: NodeJS.Timeout | undefined;
      const attempt = handle
        .write(
          calendar.remoteId,
          deps.eventOf(rec, { name: rec.host.name, email: account.email }, true),
          null,
        )
        .then(
          (written) => ({ written }),
          (error: unknown) => ({ error }),
        );
      const outcome = await Promise.race([
        attempt,
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), MEET_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (outcome && "error" in outcome && !pasted) {
        const { error } = outcome;
        // The account was marked for reconnecting already (accounts' guard).
        if (error instanceof CredentialsError) {
          return refuse(
            rec,
            error.reason === "denied" ? "GOOGLE_ACCESS_DENIED" : "GOOGLE_TOKEN_EXPIRED",
            account,
          );
        }
        if (error instanceof ProviderError && error.options.permanent) {
          return refuse(rec, "MEETING_CREATION_FAILED", account);
        }
      }
      const written = outcome && "written" in outcome ? outcome.written : null;
      if (!written?.meetLink) return null;
      await deps.busy.invalidateCalendar(calendar.id);
      return {
        meetingLink: written.meetLink,
        async record(tx, bookingId) {
          await createCalendarsRepo(tx).insertEvent({
            bookingId,
            userId: rec.host.id,
            accountId: account.id,
            calendarRemoteId: calendar.remoteId,
            remoteId: written.remoteId,
            meetLink: written.meetLink,
            state: "synced",
            attempts: 1,
          });
        },
        async discard() {
          await handle.remove(calendar.remoteId, written.remoteId).catch(() => undefined);
        },
      };
    },
  };
}
