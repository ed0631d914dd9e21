// Types only: the contract's zod schemas would pull zod (~22 KB gzipped) into the public booking chunk.
import type {
  BookingDto,
  CreateBookingAnswer,
  CreateBookingBody,
  Slot,
  SlotDays,
} from "../../../contract/bookings";
import type { EventTypeDto } from "../../../contract/event-types";
import { api } from "../../lib/api";

const enc = encodeURIComponent;

/**
 * The invitee's own booking while they move it (?reschedule={uid}&token={token}): the lookups count
 * its time as free, so its slot and the neighbours its buffers close stay on offer.
 */
export interface Moving {
  uid: string;
  token: string;
}

export const bookingKeys = {
  eventType: (slug: string) => ["public-event-type", slug] as const,
  month: (ref: string, month: string, zone: string, moving?: Moving | null) =>
    ["slot-days", ref, month, zone, moving?.uid ?? ""] as const,
  day: (ref: string, date: string, zone: string, moving?: Moving | null) =>
    ["slots", ref, date, zone, moving?.uid ?? ""] as const,
  booking: (uid: string) => ["public-booking", uid] as const,
};

export const fetchPublicEventType = (slug: string) =>
  api.get<EventTypeDto>(`/event-types/${enc(slug)}/public`);

const movingQuery = (moving?: Moving | null) =>
  moving ? `&reschedule=${enc(moving.uid)}&token=${enc(moving.token)}` : "";

/** `ref` is the event type's id or slug (the availability endpoint takes either). */
export const fetchSlotDays = (ref: string, month: string, zone: string, moving?: Moving | null) =>
  api.get<SlotDays>(
    `/bookings/availability/${enc(ref)}?month=${month}&timezone=${enc(zone)}${movingQuery(moving)}`,
  );

export const fetchSlots = (ref: string, date: string, zone: string, moving?: Moving | null) =>
  api.get<Slot[]>(
    `/bookings/availability/${enc(ref)}?date=${date}&timezone=${enc(zone)}${movingQuery(moving)}`,
  );

/** The booking being moved, from the page's query string (both parts, or none). */
export function movingFrom(search: URLSearchParams): Moving | null {
  const uid = search.get("reschedule");
  const token = search.get("token");
  return uid && token ? { uid, token } : null;
}

/** `idempotencyKey`: the same for every retry of one attempt, so a retry gets the manage token too. */
export const createBooking = (body: CreateBookingBody, idempotencyKey: string) =>
  api.post<CreateBookingAnswer>("/bookings", body, { "Idempotency-Key": idempotencyKey });

/** 192 random bits, URL-safe: a new one for each booking attempt (see createBookingHeaders). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const fetchPublicBooking = (uid: string, token: string) =>
  api.get<BookingDto>(`/bookings/public/${enc(uid)}?token=${enc(token)}`);

export const rescheduleBooking = (uid: string, token: string, startTime: string) =>
  api.post<BookingDto>(`/bookings/public/${enc(uid)}/reschedule`, { token, startTime });

export const cancelBooking = (uid: string, token: string, reason: string, note?: string) =>
  api.post<BookingDto>(`/bookings/public/${enc(uid)}/cancel`, { token, reason, note: note || undefined });

export const icsUrl = (uid: string, token: string) =>
  `/api/bookings/public/${enc(uid)}/ics?token=${enc(token)}`;

/** What /booking-confirmed receives in navigation state (and rebuilds from the URL after a reload). */
export interface ConfirmedState {
  booking: BookingDto;
  eventType?: EventTypeDto;
  token?: string;
}

export function confirmationPath(uid: string, token?: string, action?: "cancel"): string {
  const params = new URLSearchParams({ uid });
  if (token) params.set("token", token);
  if (action) params.set("action", action);
  return `/booking-confirmed?${params}`;
}

export function reschedulePath(slug: string, uid: string, token: string): string {
  return `/book/${enc(slug)}?${new URLSearchParams({ reschedule: uid, token })}`;
}
