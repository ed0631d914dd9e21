import type {
  WebhookBookingData,
  WebhookContactData,
  WebhookEvent,
  WebhookPayload,
} from "../../../contract/webhooks.js";
import type { BookingChange } from "../bookings/events.js";
import type { ContactChange } from "../contacts/index.js";

/** The event a booking change is sent as. */
export function bookingEvent(change: BookingChange): WebhookEvent {
  switch (change.kind) {
    case "created":
      return "booking.created";
    case "moved":
      return "booking.rescheduled";
    case "cancelled":
      return "booking.cancelled";
    case "no_show":
      return "booking.no_show";
    case "requested":
      return "booking.requested";
    case "request_closed":
      return change.outcome === "declined" ? "booking.request_declined" : "booking.request_expired";
  }
}

/** `data` of a booking event (contract/webhooks.ts `webhookBookingData` documents it). */
export function bookingData(change: BookingChange, at: Date): WebhookBookingData {
  const rec = change.booking;
  const b = rec.booking;
  return {
    uid: b.uid,
    status: b.status === "confirmed" && b.endTime <= at ? "completed" : b.status,
    startTime: b.startTime.toISOString(),
    endTime: b.endTime.toISOString(),
    eventType: {
      id: rec.eventType?.id ?? null,
      slug: rec.eventType?.slug ?? b.eventSlug,
      title: rec.eventType?.title ?? b.eventTitle,
    },
    invitee: {
      name: b.attendeeName,
      email: b.attendeeEmail,
      phone: b.attendeePhone,
      timezone: b.attendeeTimezone,
    },
    guests: b.guests,
    host: {
      name: rec.host.name,
      email: rec.host.email,
      username: rec.host.username,
      timezone: b.hostTimezone,
    },
    location: b.location
      ? { type: b.location.type, value: b.location.value, displayName: b.location.displayName }
      : null,
    answers: b.answers.map((a) => ({ question: a.question, answer: a.answer })),
    message: b.message,
    attribution: b.attribution ?? null,
    cancelReason: b.cancelReason ?? null,
    cancelledBy: b.cancelledBy ?? null,
    ...(change.kind === "moved"
      ? {
          previousStartTime: change.previousStart.toISOString(),
          previousEndTime: change.previousEnd.toISOString(),
        }
      : {}),
    ...(change.kind === "no_show" ? { noShow: change.noShow } : {}),
    createdAt: b.createdAt.toISOString(),
  };
}

export function contactData(change: ContactChange): WebhookContactData {
  const c = change.contact;
  return {
    id: c._id,
    email: c.email,
    fullName: c.fullName,
    phone: c.phone,
    company: c.company,
    jobTitle: c.jobTitle,
    timezone: c.timezone,
    relationshipStage: c.relationshipStage,
    priority: c.priority,
    tags: c.tags,
    source: c.source,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** The body as sent and signed: `{ type, timestamp, data }`. */
export function payloadText(payload: WebhookPayload): string {
  return JSON.stringify(payload);
}
