import pg from "pg";
import type { DbOrTx } from "./client.js";
import { clientOf } from "./prepared.js";

/**
 * Runs tasks that use one database handle side by side where that is safe and pays, else one after
 * the other. Side by side on the embedded database, whose thread runs statements in the order they
 * arrive (tasks sent together cost one round trip, not one each), and on the PostgreSQL pool (a
 * connection each). A PostgreSQL transaction is one connection, which runs one query at a time: pg
 * warns of a second one sent meanwhile and pg@9 will refuse it, so there the tasks take turns.
 * Either way the first failure rejects (in a transaction it aborts the rest).
 */
export async function together<T extends readonly unknown[]>(
  handle: DbOrTx,
  tasks: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(clientOf(handle) instanceof pg.Client)) {
    return (await Promise.all(tasks.map((task) => task()))) as unknown as T;
  }
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as unknown as T;
}
