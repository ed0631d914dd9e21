import type { NotificationSettings } from "../../../contract/calendar-settings.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { together } from "../../db/together.js";
import type { BookingRecord } from "./repo.js";

/** Who made a change: the host from the app, or the invitee through their manage link. */
export type BookingActor = "host" | "invitee";

/**
 * What happened to a booking, as the bookings service announces it. `booking` is the record as it
 * is after the change (status, times and tokens already updated).
 */
export type BookingChange =
  | {
      kind: "created";
      booking: BookingRecord;
      /**
       * The host's notification settings as the slot check read them (defaults filled in), given with a
       * one-host booking so a listener need not read them again; absent for a team booking, whose
       * host is chosen inside the transaction.
       */
      hostNotifications?: NotificationSettings;
      /** A request the host confirmed (issue 28): from here on it is a booking like any other. */
      fromRequest?: boolean;
      /**
       * The booking host's config counter, read with the slot check (host_config_versions): listeners
       * may reuse what they last read of this host at this counter (lib/host-config-cache.ts). Absent
       * when the counter read is not this host's (a team booking held by another member).
       */
      hostConfigVersion?: number;
    }
  /**
   * A booking request was made (status 'pending'; issue 28). It holds its slot but is no meeting yet:
   * calendars, reminders and contacts wait for its `created` on confirmation; only the "booking
   * requested" triggers (workflows, webhooks) react.
   */
  | { kind: "requested"; booking: BookingRecord }
  /** A request closed unconfirmed: the host declined it, or it expired unanswered. Triggers only. */
  | { kind: "request_closed"; booking: BookingRecord; outcome: "declined" | "expired" }
  | { kind: "moved"; booking: BookingRecord; previousStart: Date; previousEnd: Date; by: BookingActor }
  | { kind: "cancelled"; booking: BookingRecord; by: BookingActor }
  /** `noShow` false: the host took the mark back and the booking is confirmed again. */
  | { kind: "no_show"; booking: BookingRecord; noShow: boolean };

/** The changes of a request not (yet) a meeting: listeners that keep meetings ignore them. */
export const isRequestChange = (
  change: BookingChange,
): change is Extract<BookingChange, { kind: "requested" | "request_closed" }> =>
  change.kind === "requested" || change.kind === "request_closed";

/** The config counter to announce with a new booking: the slot check's, when it was read for its host. */
export const configVersionOf = (
  ctx: { host: { id: string }; configVersion: number },
  draft: BookingRecord,
): number | undefined => (draft.booking.hostUserId === ctx.host.id ? ctx.configVersion : undefined);

/** Whether the booking is one seat of a group slot (slot keys of seats are `${eventTypeId}/${start}`). */
export const isSeat = (change: BookingChange) => change.booking.booking.slotKey.includes("/");

/**
 * A feature that reacts to bookings (contacts, workflows, calendars, teams), in two steps. The
 * listener reads what its reaction depends on (the host's workflows, calendars, settings) through
 * `reader` and returns the reaction, or nothing when the change asks nothing of it. The reaction
 * writes, inside the booking's transaction, so what it writes commits or rolls back with the booking;
 * one that throws aborts the change. Anything slow or external (mail, webhooks, calendar writes) must
 * only be enqueued here and done by a background worker.
 *
 * For a new booking of one host, the bookings service calls the listeners before its transaction
 * opens, with the database and the booking as it is about to be written (same id, times, host and
 * event type), and runs the reactions in the transaction with the row written. For every other change
 * both steps run inside the transaction, `reader` being it. Why: on the embedded database one
 * transaction holds the whole database, and each statement in it is a round trip to the server's
 * thread; reads done before it and writes sent together keep it short (bookings per second).
 */
export type BookingListener = (reader: DbOrTx, change: BookingChange) => Promise<BookingReaction | undefined>;

/** A listener's writes for a change, made with the change's transaction (see BookingListener). */
export type BookingReaction = (tx: Tx, change: BookingChange) => Promise<void>;

/** Every listener's reaction to a change, their reads made through `reader` (db/together.ts). */
export async function listen(
  listeners: readonly BookingListener[],
  reader: DbOrTx,
  change: BookingChange,
): Promise<BookingReaction[]> {
  const reactions = await together(
    reader,
    listeners.map((listener) => () => listener(reader, change)),
  );
  return reactions.filter((r): r is BookingReaction => typeof r === "function");
}

/**
 * Runs the reactions in the transaction, sent together where the database takes that (db/together.ts);
 * the first failure rejects, and rolls back the change.
 */
export async function react(reactions: readonly BookingReaction[], tx: Tx, change: BookingChange) {
  await together(
    tx,
    reactions.map((reaction) => () => reaction(tx, change)),
  );
}

/** Both steps inside the change's transaction: for changes to bookings that exist. */
export async function announce(listeners: readonly BookingListener[], tx: Tx, change: BookingChange) {
  await react(await listen(listeners, tx, change), tx, change);
}
