import type { ContactDto } from "../../../contract/contacts.js";
import type { DbOrTx } from "../../db/client.js";

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
 * A follower of contact changes, called inside the change's transaction with it: what it writes
 * commits or rolls back with the contact. Anything slow or external is only enqueued here.
 */
export type ContactListener = (tx: DbOrTx, change: ContactChange) => Promise<void>;

export async function announceContact(
  listeners: readonly ContactListener[],
  tx: DbOrTx,
  change: ContactChange,
): Promise<void> {
  for (const listener of listeners) await listener(tx, change);
}
