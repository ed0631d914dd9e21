/**
 * The part of TanStack Query's API the invitees' pages use (QueryClient, QueryClientProvider,
 * useQuery, useQueryClient, notifyManager), in about 2 kB instead of its ~10 kB gz: the public app
 * (book.html) is built with `@tanstack/react-query` aliased to this file (vite.config.ts), as it is
 * with react-router (mini-router.tsx); the host app, the dev server and vitest keep the real library,
 * so the same components run under both. Its rules, as TanStack's:
 * - one cache entry per query key (compared as JSON); a key seen for the first time takes
 *   `initialData` as fresh data, else shows `placeholderData` while it loads;
 * - a mounted query fetches when it has no data, when its data is older than `staleTime`, or on
 *   every mount with `refetchOnMount: "always"`; one fetch per entry at a time;
 * - a failed fetch is retried while `retry(failures, error)` says so, after 1 s, 2 s, 4 s...;
 * - `invalidateQueries` marks entries under a key prefix stale and refetches those on screen.
 */
import { createContext, type ReactNode, useContext, useEffect, useSyncExternalStore } from "react";

type Key = readonly unknown[];
type Retry = boolean | number | ((failureCount: number, error: unknown) => boolean);

interface QueryDefaults {
  staleTime?: number;
  retry?: Retry;
  refetchOnWindowFocus?: boolean;
}

export interface UseQueryOptions<T> {
  queryKey: Key;
  queryFn: () => Promise<T>;
  enabled?: boolean;
  staleTime?: number;
  initialData?: T | (() => T | undefined);
  placeholderData?: T;
  refetchOnMount?: boolean | "always";
  retry?: Retry;
}

export interface UseQueryResult<T> {
  data: T | undefined;
  error: unknown;
  status: "pending" | "error" | "success";
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch(): Promise<unknown>;
}

/** One query key's state; replaced (never mutated) on each change, so it is a snapshot for React. */
interface Snapshot {
  data: unknown;
  error: unknown;
  status: "pending" | "error" | "success";
  fetching: boolean;
  updatedAt: number;
  invalid: boolean;
}

interface Entry {
  key: Key;
  state: Snapshot;
  listeners: Set<() => void>;
  inFlight: Promise<unknown> | null;
  /** The latest mounted options, for a refetch started elsewhere (invalidation). */
  fetcher: { queryFn: () => Promise<unknown>; retry: Retry } | null;
}

const EMPTY: Snapshot = {
  data: undefined,
  error: null,
  status: "pending",
  fetching: false,
  updatedAt: 0,
  invalid: false,
};
const hashOf = (key: Key) => JSON.stringify(key);
const startsWith = (key: Key, prefix: Key) => prefix.every((part, i) => hashOf([part]) === hashOf([key[i]]));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retries(retry: Retry, failures: number, error: unknown): boolean {
  if (typeof retry === "function") return retry(failures, error);
  if (typeof retry === "number") return failures < retry;
  return retry && failures < 3;
}

export class QueryClient {
  readonly defaults: QueryDefaults;
  private readonly entries = new Map<string, Entry>();

  constructor(config: { defaultOptions?: { queries?: QueryDefaults } } = {}) {
    this.defaults = config.defaultOptions?.queries ?? {};
  }

  /** The key's entry, made on first sight (with its initial data, fresh, when there is some). */
  entry(key: Key, initialData?: unknown): Entry {
    const hash = hashOf(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      const data = typeof initialData === "function" ? (initialData as () => unknown)() : initialData;
      const state =
        data === undefined ? EMPTY : { ...EMPTY, data, status: "success" as const, updatedAt: Date.now() };
      entry = { key, state, listeners: new Set(), inFlight: null, fetcher: null };
      this.entries.set(hash, entry);
    }
    return entry;
  }

  private update(entry: Entry, change: Partial<Snapshot>): void {
    entry.state = { ...entry.state, ...change };
    for (const listener of entry.listeners) listener();
  }

  /** Fetches the entry's data unless a fetch is already on its way (then that one is awaited). */
  fetch(
    entry: Entry,
    queryFn: () => Promise<unknown>,
    retry: Retry = this.defaults.retry ?? 3,
  ): Promise<unknown> {
    if (entry.inFlight) return entry.inFlight;
    this.update(entry, { fetching: true });
    const run = async () => {
      for (let failures = 0; ; failures++) {
        try {
          const data = await queryFn();
          this.update(entry, {
            data,
            error: null,
            status: "success",
            fetching: false,
            updatedAt: Date.now(),
            invalid: false,
          });
          return data;
        } catch (error) {
          if (!retries(retry, failures, error)) {
            this.update(entry, { error, status: "error", fetching: false });
            return undefined;
          }
          await wait(Math.min(1000 * 2 ** failures, 30_000));
        }
      }
    };
    entry.inFlight = run().finally(() => {
      entry.inFlight = null;
    });
    return entry.inFlight;
  }

  isStale(entry: Entry, staleTime: number): boolean {
    return (
      entry.state.invalid || entry.state.updatedAt === 0 || Date.now() - entry.state.updatedAt >= staleTime
    );
  }

  getQueryData<T>(key: Key): T | undefined {
    return this.entries.get(hashOf(key))?.state.data as T | undefined;
  }

  setQueryData<T>(key: Key, data: T): void {
    this.update(this.entry(key), {
      data,
      error: null,
      status: "success",
      updatedAt: Date.now(),
      invalid: false,
    });
  }

  prefetchQuery<T>(options: { queryKey: Key; queryFn: () => Promise<T>; staleTime?: number }): Promise<void> {
    const entry = this.entry(options.queryKey);
    if (!this.isStale(entry, options.staleTime ?? this.defaults.staleTime ?? 0)) return Promise.resolve();
    return this.fetch(entry, options.queryFn, false).then(() => undefined);
  }

  /** Marks every entry under the key prefix stale; those on screen fetch again at once. */
  invalidateQueries(filter: { queryKey: Key }): Promise<void> {
    const refetches: Promise<unknown>[] = [];
    for (const entry of this.entries.values()) {
      if (!startsWith(entry.key, filter.queryKey)) continue;
      this.update(entry, { invalid: true });
      if (entry.listeners.size > 0 && entry.fetcher) {
        refetches.push(this.fetch(entry, entry.fetcher.queryFn, entry.fetcher.retry));
      }
    }
    return Promise.all(refetches).then(() => undefined);
  }
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error("No QueryClient set, use QueryClientProvider to set one");
  return client;
}

export function useQuery<T>(options: UseQueryOptions<T>): UseQueryResult<T> {
  const client = useQueryClient();
  const entry = client.entry(options.queryKey, options.initialData);
  const retry = options.retry ?? client.defaults.retry ?? 3;
  entry.fetcher = { queryFn: options.queryFn, retry };
  const state = useSyncExternalStore(
    (onChange) => {
      entry.listeners.add(onChange);
      return () => entry.listeners.delete(onChange);
    },
    () => entry.state,
    () => entry.state,
  );
  const enabled = options.enabled ?? true;
  const staleTime = options.staleTime ?? client.defaults.staleTime ?? 0;
  const always = options.refetchOnMount === "always";
  // On mount and on a new key (or when it becomes enabled): fetch when the data is missing or stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's entry stands for the key; options are read fresh.
  useEffect(() => {
    if (!enabled) return;
    if (always || client.isStale(entry, staleTime)) void client.fetch(entry, options.queryFn, retry);
  }, [entry, enabled]);

  const placeholder =
    state.data === undefined && options.placeholderData !== undefined && state.status !== "error";
  const data = (placeholder ? options.placeholderData : state.data) as T | undefined;
  // Placeholder data counts as success, as in TanStack Query.
  const status = placeholder ? "success" : state.status;
  return {
    data,
    error: state.error,
    status,
    isPending: status === "pending",
    isError: status === "error",
    isSuccess: status === "success",
    isFetching: state.fetching,
    isPlaceholderData: placeholder,
    refetch: () => client.fetch(entry, options.queryFn, retry),
  };
}

/** TanStack's batching of notifications; renders here are already batched by the framework. */
export const notifyManager = { setScheduler: (_schedule: (callback: () => void) => void) => undefined };
