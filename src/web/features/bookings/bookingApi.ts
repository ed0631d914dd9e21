// Types only: the contract's zod schemas would pull zod (~22 KB gzipped) into the public booking chunk.

import type { BookingDto, CreateBookingBody } from "../../../contract/bookings";
import type { EventTypeDto } from "../../../contract/event-types";
import type {
  bookingsResponses,
  DaySlotsAnswer,
  MonthDaysAnswer,
} from "../../../contract/responses/bookings";
import type { eventTypeResponses } from "../../../contract/responses/event-types";
import type { AnswerData } from "../../../contract/responses/shared";
import type { usersResponses } from "../../../contract/responses/users";
import { eventTypePath } from "../../../contract/usernames";
import { api } from "../../lib/api";
import { bookingEventData, embedEvent } from "./embed";

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

/**
 * How a page names its event type: 'username/slug' for /{username}/{slug}, the bare slug for
 * /book/{slug} (or an id). Lower-case, so early fetches and the page's queries share keys.
 */
export function eventRefOf(username: string | undefined, slug: string): string {
  return username ? `${username.toLowerCase()}/${slug.toLowerCase()}` : slug.toLowerCase();
}

/** `ref` as the endpoints take it: the slug (or id) in the path, the username as a `user=` parameter. */
function refParts(ref: string): { path: string; user: string | null } {
  const i = ref.indexOf("/");
  return i < 0
    ? { path: enc(ref), user: null }
    : { path: enc(ref.slice(i + 1)), user: `user=${enc(ref.slice(0, i))}` };
}

/** GET /users/:idOrUsername/public: the host (without e-mail), their active event types, their link. */
export type PublicProfile = AnswerData<typeof usersResponses.publicProfile>;
type Booking = AnswerData<typeof bookingsResponses.one>;

export const fetchPublicProfile = (ref: string) => api.get<PublicProfile>(`/users/${enc(ref)}/public`);

export const fetchPublicEventType = (ref: string) => {
  const { path, user } = refParts(ref);
  return api.get<AnswerData<typeof eventTypeResponses.one>>(
    `/event-types/${path}/public${user ? `?${user}` : ""}`,
  );
};

const movingQuery = (moving?: Moving | null) =>
  moving ? `&reschedule=${enc(moving.uid)}&token=${enc(moving.token)}` : "";

function availabilityUrl(ref: string, when: string, zone: string, moving?: Moving | null): string {
  const { path, user } = refParts(ref);
  return `/bookings/availability/${path}?${user ? `${user}&` : ""}${when}&timezone=${enc(zone)}${movingQuery(moving)}`;
}

/** `ref`: see eventRefOf (the availability endpoint also takes an id or a bare slug). */
export const fetchSlotDays = (ref: string, month: string, zone: string, moving?: Moving | null) =>
  api.get<MonthDaysAnswer>(availabilityUrl(ref, `month=${month}`, zone, moving));

export const fetchSlots = (ref: string, date: string, zone: string, moving?: Moving | null) =>
  api.get<DaySlotsAnswer>(availabilityUrl(ref, `date=${date}`, zone, moving));

/** The booking being moved, from the page's query string (both parts, or none). */
export function movingFrom(search: URLSearchParams): Moving | null {
  const uid = search.get("reschedule");
  const token = search.get("token");
  return uid && token ? { uid, token } : null;
}

/** `idempotencyKey`: the same for every retry of one attempt, so a retry gets the manage token too. */
export const createBooking = (body: CreateBookingBody, idempotencyKey: string) =>
  api.post<AnswerData<typeof bookingsResponses.create>>("/bookings", body, {
    "Idempotency-Key": idempotencyKey,
  });

/** 192 random bits, URL-safe: a new one for each booking attempt (see createBookingHeaders). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const fetchPublicBooking = (uid: string, token: string) =>
  api.get<Booking>(`/bookings/public/${enc(uid)}?token=${enc(token)}`);

/** `scope` "following": an occurrence of a series and the later ones move to the new start's cadence. */
export const rescheduleBooking = (
  uid: string,
  token: string,
  startTime: string,
  scope?: "this" | "following",
) => api.post<Booking>(`/bookings/public/${enc(uid)}/reschedule`, { token, startTime, scope });

export const cancelBooking = (
  uid: string,
  token: string,
  reason: string,
  note?: string,
  scope?: "this" | "following",
) =>
  api
    .post<Booking>(`/bookings/public/${enc(uid)}/cancel`, { token, reason, note: note || undefined, scope })
    .then((cancelled) => {
      embedEvent("bookingCancelled", bookingEventData(cancelled));
      return cancelled;
    });

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

/** The booking page of the event type (by its host's username), moving booking `uid`. */
export function reschedulePath(username: string, slug: string, uid: string, token: string): string {
  return `${eventTypePath(username, slug)}?${new URLSearchParams({ reschedule: uid, token })}`;
}
