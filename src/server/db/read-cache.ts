/**
 * Answers of read-only statements (keptStatement's `cached`, db/prepared.ts: the slot pages'
 * lookups), kept while nothing was written since they were read. One per database handle: the PGlite
 * thread's remote (pglite-remote.ts) or the PostgreSQL pool (client.ts), which call `wrote` when they
 * send anything but a cached read and again when it is answered.
 *
 * What only reads does not count (`readsOnly`): a SELECT without a data-changing word, or an EXECUTE of
 * a kept statement that is one, so the reads of a request (its session, its page) leave the cache be.
 *
 * A read is kept only if nothing was sent or answered between its sending and its answer, so an entry
 * never leans on the order in which the database answered. An answer is frozen, hit or miss, since
 * every caller shares it: one that tried to change it would throw, in tests as in use (a copy per
 * caller cost a quarter of a cached slot lookup's CPU).
 *
 * `maxAgeMs` bounds what this process cannot see: on PostgreSQL another instance's writes (and
 * psql's). A lookup answered from here is then at most that old, as if the invitee had loaded the page
 * that much earlier; a booking never trusts it (it reads the slot again in its transaction, and the
 * exclusion constraint holds), so a slot shown taken a moment late answers 409, as a slot taken just
 * after the page loaded always did.
 */
export class ReadCache<V> {
  private generation = 0;
  private kept = { generation: -1, entries: new Map<string, { value: V; readAt: number }>() };
  /** Names of prepared statements that only read (PGlite's EXECUTEs name nothing else). */
  private readonly names = new Set<string>();

  constructor(private readonly limits: { entries: number; maxAgeMs: number }) {}

  /** Something that may write was sent or answered: every answer read before it is stale. */
  wrote(): void {
    this.generation++;
  }

  /** Names a prepared statement whose text only reads (`readsOnly`), for its EXECUTEs. */
  registerStatement(name: string, text: string): void {
    if (readsOnly(text)) this.names.add(name);
  }

  /** Whether sending `text` leaves the kept answers true: see `readsOnly`, and registered EXECUTEs. */
  leavesFresh(text: unknown): boolean {
    if (typeof text !== "string") return false;
    const execute = EXECUTE.exec(text);
    return execute ? this.names.has(execute[1]) : readsOnly(text);
  }

  /** The kept answer for `key`, else `load`'s, kept if nothing was written meanwhile. */
  async read(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    if (this.kept.generation === this.generation) {
      const entry = this.kept.entries.get(key);
      if (entry && now - entry.readAt < this.limits.maxAgeMs) return entry.value;
    }
    const generation = this.generation;
    const value = deepFreeze(await load());
    if (generation === this.generation) {
      // Entries of an earlier generation can never be answered again: drop them all at once.
      if (this.kept.generation !== generation) this.kept = { generation, entries: new Map() };
      const { entries } = this.kept;
      entries.delete(key);
      entries.set(key, { value, readAt: now });
      if (entries.size > this.limits.entries) entries.delete(entries.keys().next().value as string);
    }
    return value;
  }
}

const EXECUTE = /^EXECUTE (\w+)\(/;
const SELECT = /^\s*\(?\s*select\b/i;
/**
 * Words of a statement that may change data (a data-changing CTE starts with WITH, which SELECT
 * already refuses). This database's own functions are all triggers, so a SELECT calls none that write.
 */
const CHANGES = /\b(insert|update|delete|merge|truncate|copy|nextval|setval|lock)\b/i;

/** A statement that changes no data: a SELECT naming none of CHANGES (`for update` included). */
export function readsOnly(text: string): boolean {
  return SELECT.test(text) && !CHANGES.test(text);
}

/** Freezes a value and everything in it: a cached answer is shared by every caller. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A cache's size: the slot pages of this many event types and date ranges. */
export const READ_CACHE_ENTRIES = 500;

/** The caches of the database handles (a PGlite remote, a PostgreSQL pool) that have one. */
const caches = new WeakMap<object, ReadCache<unknown>>();

export function attachReadCache<V>(client: object, cache: ReadCache<V>): ReadCache<V> {
  caches.set(client, cache as ReadCache<unknown>);
  return cache;
}

export function readCacheOf(client: unknown): ReadCache<unknown> | undefined {
  return typeof client === "object" && client !== null ? caches.get(client) : undefined;
}
