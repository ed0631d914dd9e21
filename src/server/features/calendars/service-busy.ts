import type { Interval } from "../../../domain/intervals.js";
import type { Db } from "../../db/client.js";
import {
  type BusyCalendarSource,
  type BusySource,
  type CachedBusy,
  createBusyCacheRepo,
} from "./repo-busy.js";
import type { AccountOpener } from "./service-accounts.js";

const DAY_MS = 86_400_000;

export interface BusyOptions {
  /** How long fetched busy times answer lookups before they are asked for again. */
  ttlMs: number;
  /** Per provider request; after it the lookup answers from the last known busy times. */
  timeoutMs: number;
  /** How long this process remembers that a host has no calendar to check (changes here clear it at once). */
  sourcesTtlMs: number;
}

export const DEFAULT_BUSY_OPTIONS: BusyOptions = { ttlMs: 60_000, timeoutMs: 2_000, sourcesTtlMs: 10_000 };

/** What a lookup got: busy intervals of every checked calendar, and whether any are not fresh. */
export interface ExternalBusy {
  busy: Interval[];
  /** Some provider did not answer in time (or failed): those calendars' last known busy times were used. */
  stale: boolean;
}

const MAX_KEYS = 20_000;

/**
 * Busy times of connected calendars for slot lookups. One request per account (Google answers all its
 * calendars in one freeBusy call) or per calendar (CalDAV), all at once. Answers are kept per calendar
 * in the database (calendar_busy_cache: it outlives restarts, and instances on one PostgreSQL share it)
 * and answer lookups for `ttlMs`; our writes mark them stale rather than deleting them. A provider
 * slower than `timeoutMs` does not hold the lookup: it answers from the last busy times known, fresh
 * or stale, and the late answer refreshes the cache. A lookup reads the host's calendars and their
 * cached busy times in one statement, whatever the number of calendars.
 */
export function createBusyTimes(
  db: Db,
  deps: { open: AccountOpener; now: () => Date; options?: Partial<BusyOptions> },
) {
  const options = { ...DEFAULT_BUSY_OPTIONS, ...deps.options };
  const repo = createBusyCacheRepo(db);
  // Most hosts connect no calendar: remembering that spares their lookups the statement.
  const withoutCalendars = new Map<string, number>();
  const inflight = new Map<string, Promise<Map<string, Interval[]>>>();
  // Bumped when a calendar is marked stale: an answer asked for before the mark is stored stale too.
  const generations = new Map<string, number>();

  /** A fresh cached answer covering [from, to), or undefined. */
  function fresh(cached: CachedBusy[], from: number, to: number, now: number): Interval[] | undefined {
    const entry = cached.find(
      (e) => !e.stale && e.from <= from && e.to >= to && now - e.fetchedAt < options.ttlMs,
    );
    return entry?.intervals.filter((i) => i.end > from && i.start < to);
  }

  /** Every busy time we have for [from, to), however old: the fallback of a slow or failing provider. */
  function lastKnown(cached: CachedBusy[], from: number, to: number): Interval[] {
    return cached.flatMap((e) => e.intervals.filter((i) => i.end > from && i.start < to));
  }

  /** Asks one account for the busy times of the given calendars; concurrent equal asks share one request. */
  function fetchAccount(
    source: BusySource,
    calendars: BusyCalendarSource[],
    from: number,
    to: number,
    zone: string,
  ): Promise<Map<string, Interval[]>> {
    const flightKey = `${source.account.id}|${calendars.map((c) => c.id).join(",")}|${from}|${to}|${zone}`;
    let flight = inflight.get(flightKey);
    if (!flight) {
      const startedAt = deps.now().getTime();
      const asked = new Map(calendars.map((c) => [c.id, generations.get(c.id) ?? 0]));
      // Opening may throw (credentials sealed with another key): that is a failed provider, not a 500.
      flight = Promise.resolve()
        .then(() => deps.open(source.account).busy(calendars, { from, to }, zone))
        .then(async (byRemote) => {
          const byId = new Map<string, Interval[]>();
          for (const c of calendars) byId.set(c.id, byRemote.get(c.remoteId) ?? []);
          // Stored before answering, so the next lookup (here or on another instance) finds it.
          await Promise.all(
            calendars.map((c) =>
              repo
                .store(c.id, zone, {
                  from,
                  to,
                  intervals: byId.get(c.id) ?? [],
                  fetchedAt: startedAt,
                  stale: (generations.get(c.id) ?? 0) !== asked.get(c.id),
                })
                // A calendar disconnected meanwhile (its row is gone): nothing to keep.
                .catch(() => undefined),
            ),
          );
          return byId;
        })
        .finally(() => inflight.delete(flightKey));
      inflight.set(flightKey, flight);
    }
    return flight;
  }

  return {
    /** Busy intervals of the host's checked calendars overlapping [from, to); all-day dates read in `zone`. */
    async forHost(hostId: string, range: { from: number; to: number }, zone: string): Promise<ExternalBusy> {
      const now = deps.now().getTime();
      const knownEmpty = withoutCalendars.get(hostId);
      if (knownEmpty !== undefined && now - knownEmpty < options.sourcesTtlMs)
        return { busy: [], stale: false };
      // Whole UTC days, so a day's lookup finds the month's answer in the cache.
      const from = Math.floor(range.from / DAY_MS) * DAY_MS;
      const to = Math.ceil(range.to / DAY_MS) * DAY_MS;
      const list = await repo.sources(hostId, zone, from, to);
      if (list.length === 0) {
        if (withoutCalendars.size >= MAX_KEYS) withoutCalendars.clear();
        withoutCalendars.set(hostId, now);
        return { busy: [], stale: false };
      }
      withoutCalendars.delete(hostId);
      let stale = false;
      const busy: Interval[] = [];
      await Promise.all(
        list.map(async (source) => {
          const missing = source.calendars.filter((c) => {
            const hit = fresh(c.cached, from, to, now);
            if (hit) busy.push(...hit);
            return !hit;
          });
          if (missing.length === 0) return;
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<"timeout">((resolve) => {
            timer = setTimeout(() => resolve("timeout"), options.timeoutMs);
          });
          const request = fetchAccount(source, missing, from, to, zone);
          const answer = await Promise.race([request.catch(() => "failed" as const), timeout]);
          clearTimeout(timer);
          if (typeof answer === "string") {
            stale = true;
            for (const c of missing) busy.push(...lastKnown(c.cached, from, to));
            return;
          }
          for (const c of missing) busy.push(...(answer.get(c.id) ?? []));
        }),
      );
      return { busy, stale };
    },

    /** Our own write to a calendar: its busy times must be asked for again, and are kept for outages. */
    async invalidateCalendar(calendarId: string): Promise<void> {
      if (generations.size >= MAX_KEYS) generations.clear();
      generations.set(calendarId, (generations.get(calendarId) ?? 0) + 1);
      await repo.markStale([calendarId]);
    },

    /** The host changed which calendars are checked, or how (connected, disconnected, all-day events). */
    async invalidateHost(hostId: string, calendarIds: string[] = []): Promise<void> {
      withoutCalendars.delete(hostId);
      for (const id of calendarIds) await this.invalidateCalendar(id);
    },
  };
}

export type BusyTimes = ReturnType<typeof createBusyTimes>;
