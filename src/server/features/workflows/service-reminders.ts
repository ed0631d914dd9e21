import type { NotificationSettings } from "../../../contract/calendar-settings.js";
import { localizedEventText } from "../../../contract/event-type-translations.js";
import type { Tx } from "../../db/client.js";
import { cancelJobs, enqueueJobs, type JobSpec } from "../../jobs/queue.js";
import type { JobRunner } from "../../jobs/runner.js";
import { enqueueMail } from "../../mail/outbox.js";
import { type ReminderMailData, reminderMails } from "../../mail/reminder-mails.js";
import { type BookingChange, isRequestChange } from "../bookings/events.js";
import type { BookingRecord } from "../bookings/index.js";
import type { BookingsService } from "../bookings/service.js";
import type { CalendarSettingsListener } from "../calendar-settings/events.js";
import { linksFor } from "./service-actions.js";

/**
 * Calendar Settings reminders (Notifications: "Reminder e-mails before each meeting, to host and
 * invitee") run on the same job runner as workflows: one job per booking and reminder time.
 */
export const REMINDER_JOB = "booking.reminder";

export interface ReminderDeps {
  bookings: BookingsService;
  notifications: (userId: string) => Promise<NotificationSettings>;
  publicUrl: string;
}

/** In the booking's transaction: plans, moves or drops the booking's reminder. */
export async function planReminder(
  tx: Tx,
  change: BookingChange,
  settings: NotificationSettings,
  at: Date,
  enqueue: (tx: Tx, job: JobSpec) => Promise<unknown>,
): Promise<void> {
  const b = change.booking.booking;
  // A request gets its reminder once confirmed (announced then as created).
  if (change.kind === "no_show" || isRequestChange(change)) return;
  if (change.kind !== "created") {
    const reason = change.kind === "moved" ? "The booking was rescheduled" : "The booking was cancelled";
    await cancelJobs(tx, { bookingId: b.id, kind: REMINDER_JOB }, reason, at);
  }
  if (change.kind === "cancelled") return;
  const job = reminderJob(b, settings, at);
  if (job) await enqueue(tx, job);
}

/** A booking's reminder job under these settings; none when off or already due (booked inside the window). */
function reminderJob(b: BookingRecord["booking"], settings: NotificationSettings, at: Date): JobSpec | null {
  if (!settings.emailReminders) return null;
  const runAt = new Date(b.startTime.getTime() - settings.reminderMinutes * 60_000);
  // Booked inside the reminder window: the confirmation just sent is the reminder.
  if (runAt <= at) return null;
  return {
    kind: REMINDER_JOB,
    key: `reminder:${b.id}:${runAt.toISOString()}`,
    bookingId: b.id,
    runAt,
    payload: { hostId: b.hostUserId },
  };
}

/** Bookings per statement when re-planning (a statement carries at most 65,535 parameters). */
const REPLAN_CHUNK = 1000;

/**
 * The host turned reminders on or off or changed how long before: every upcoming booking's pending
 * reminder is dropped and planned again under the new settings. A reminder cancelled earlier comes back
 * when its time is planned again (its key names the booking and the time).
 */
export async function replanReminders(
  tx: Tx,
  upcoming: BookingRecord[],
  settings: NotificationSettings,
  at: Date,
): Promise<void> {
  for (let i = 0; i < upcoming.length; i += REPLAN_CHUNK) {
    const chunk = upcoming.slice(i, i + REPLAN_CHUNK).map((r) => r.booking);
    const ids = chunk.map((b) => b.id);
    await cancelJobs(tx, { bookingId: ids, kind: REMINDER_JOB }, "The reminder setting changed", at);
    await enqueueJobs(
      tx,
      chunk.map((b) => reminderJob(b, settings, at)).filter((j): j is JobSpec => j !== null),
    );
  }
}

/** Calendar Settings' reminders changed: pending reminders follow, in the settings' transaction. */
export function remindersFollowSettings(
  bookings: Pick<BookingsService, "upcomingForHost">,
  now: () => Date,
): CalendarSettingsListener {
  return async (tx, change) => {
    if (change.kind !== "reminders") return;
    const upcoming = await bookings.upcomingForHost(change.userId, tx);
    await replanReminders(tx, upcoming, change.notifications, now());
  };
}

export function registerReminderJobs(runner: JobRunner, deps: ReminderDeps): void {
  runner.register(REMINDER_JOB, async (job, ctx) => {
    const rec = await deps.bookings.record(String(job.payload.hostId), job.bookingId as string);
    if (rec?.booking.status !== "confirmed")
      return { status: "skipped", reason: "The booking was cancelled" };
    if (rec.booking.startTime <= ctx.now) {
      return { status: "skipped", reason: "The meeting had already started when the reminder came due" };
    }
    const settings = await deps.notifications(rec.host.id);
    if (!settings.emailReminders) return { status: "skipped", reason: "Reminders were turned off" };
    const token = await deps.bookings.issueManageToken(rec.host.id, rec.booking.id);
    const links = token ? linksFor(deps.publicUrl, rec, token) : null;
    const mails = reminderMails(reminderData(rec, links, deps.publicUrl));
    return { result: { to: mails.map((m) => m.to) }, commit: (tx) => enqueueMail(tx, mails) };
  });
}

/** The reminders' data from a booking record; their wording is in mail/reminder-mails.ts. */
function reminderData(
  rec: BookingRecord,
  links: { reschedule: string; cancel: string } | null,
  publicUrl: string,
): ReminderMailData {
  const b = rec.booking;
  return {
    title: rec.eventType?.title ?? b.eventTitle,
    inviteeTitle: rec.eventType ? localizedEventText(rec.eventType, b.language).title : undefined,
    start: b.startTime,
    end: b.endTime,
    location: b.location,
    attendee: {
      name: b.attendeeName,
      email: b.attendeeEmail,
      timezone: b.attendeeTimezone,
      language: b.language,
    },
    host: {
      name: rec.host.name,
      email: rec.host.email,
      timezone: b.hostTimezone,
      language: rec.host.appLanguage,
    },
    links,
    publicUrl,
  };
}
