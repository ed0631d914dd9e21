import type { ContactDto } from "../../../contract/contacts.js";
import type { DbOrTx } from "../../db/client.js";
import { together } from "../../db/together.js";

/**
 * What contacts announce (webhook subscriptions follow it): a contact the host added (the app, the
 * API), a workflow or an invitee's first booking made is `created`; a host's edit (fields, tags) or a
 * workflow filling it is `updated`. A booking's fill and recount of a known contact, a guest's contact,
 * imports and bulk actions are not announced. `contact` is the contact as it is after the change.
 */
export interface ContactChange {
  kind: "created" | "updated";
  hostUserId: string;
  contact: ContactDto;
}

/**
 * A follower of contact changes (webhook subscriptions), in two steps like a booking listener
 * (bookings/events.ts): it reads what its reaction depends on through `reader` and returns the
 * reaction, or nothing when the host's changes ask nothing of it. The reaction writes inside the
 * change's transaction, so it commits or rolls back with the contact; anything slow or external is
 * only enqueued there.
 *
 * Why two steps: a booking may make a contact, and the booking path reads its listeners' needs before
 * its transaction opens (one round trip on the embedded database, whose transaction holds it whole).
 * Contacts' own booking listener reads its followers' needs in that step (`prepareFollowers`), so a
 * booking that makes a contact adds no read inside its transaction.
 */
export type ContactListener = (
  reader: DbOrTx,
  hostUserId: string,
  /** The host's config counter when a new booking brought it (see BookingChange's hostConfigVersion). */
  configVersion?: number,
) => Promise<ContactReaction | undefined>;

/** A follower's writes for a contact change, made with the change's transaction. */
export type ContactReaction = (tx: DbOrTx, change: ContactChange) => Promise<void>;

/** Every follower's reaction to the host's contact changes, their reads made through `reader`. */
export async function prepareFollowers(
  listeners: readonly ContactListener[],
  reader: DbOrTx,
  hostUserId: string,
  configVersion?: number,
): Promise<ContactReaction[]> {
  const reactions = await together(
    reader,
    listeners.map((listener) => () => listener(reader, hostUserId, configVersion)),
  );
  return reactions.filter((r): r is ContactReaction => typeof r === "function");
}

/** Runs prepared reactions in the change's transaction, one after the other. */
export async function reactToContact(
  reactions: readonly ContactReaction[],
  tx: DbOrTx,
  change: ContactChange,
) {
  for (const reaction of reactions) await reaction(tx, change);
}

/** Both steps inside the change's transaction: for changes made outside a booking. */
export async function announceContact(
  listeners: readonly ContactListener[],
  tx: DbOrTx,
  change: ContactChange,
): Promise<void> {
  await reactToContact(await prepareFollowers(listeners, tx, change.hostUserId), tx, change);
}
