import type { Tx } from "../../db/client.js";
import type { BookingRecord } from "./repo.js";

/** Who made a change: the host from the app, or the invitee through their manage link. */
export type BookingActor = "host" | "invitee";

/**
 * What happened to a booking, as the bookings service announces it. `booking` is the record as it
 * is after the change (status, times and tokens already updated).
 */
export type BookingChange =
  | { kind: "created"; booking: BookingRecord }
  | { kind: "moved"; booking: BookingRecord; previousStart: Date; previousEnd: Date; by: BookingActor }
  | { kind: "cancelled"; booking: BookingRecord; by: BookingActor }
  /** `noShow` false: the host took the mark back and the booking is confirmed again. */
  | { kind: "no_show"; booking: BookingRecord; noShow: boolean };

/**
 * A feature that reacts to bookings (contacts, workflows, calendars, teams). It runs inside the
 * booking's transaction with that transaction, so what it writes commits or rolls back with the
 * booking; a listener that throws aborts the change. Anything slow or external (mail, webhooks,
 * calendar writes) must only be enqueued here and done by a background worker.
 */
export type BookingListener = (tx: Tx, change: BookingChange) => Promise<void>;

/** Calls every listener in registration order, one after the other (they share one transaction). */
export async function announce(listeners: readonly BookingListener[], tx: Tx, change: BookingChange) {
  for (const listener of listeners) await listener(tx, change);
}
