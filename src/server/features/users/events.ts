import type { Tx } from "../../db/client.js";

/** What changed in a host's account, as the users feature announces it inside the changing transaction. */
export type AccountChange =
  /** The password was changed or reset: sessions end, except `keepSessionId` (the one that changed it). */
  { kind: "password"; userId: string; keepSessionId?: string };

/**
 * A feature that follows accounts (auth ends the sessions of a changed password). It runs inside the
 * change's transaction, with it: what it writes commits or rolls back with the change.
 */
export type AccountListener = (tx: Tx, change: AccountChange) => Promise<void>;
