import type { Interval } from "../../../domain/intervals.js";
import type { Db } from "../../db/client.js";
import type { BusySource } from "./repo.js";
import { createCalendarsRepo } from "./repo.js";
import type { AccountOpener } from "./service-accounts.js";

const DAY_MS = 86_400_000;

export interface BusyOptions {
  /** How long fetched busy times answer lookups before they are asked for again. */
  ttlMs: number;
  /** Per provider request; after it the lookup answers from the last known busy times. */
  timeoutMs: number;
  /** How long the list of a host's checked calendars is kept (changes here clear it at once). */
  sourcesTtlMs: number;
}

export const DEFAULT_BUSY_OPTIONS: BusyOptions = { ttlMs: 60_000, timeoutMs: 2_000, sourcesTtlMs: 10_000 };

/** What a lookup got: busy intervals of every checked calendar, and whether any are not fresh. */
export interface ExternalBusy {
  busy: Interval[];
  /** Some provider did not answer in time (or failed): those calendars' last known busy times were used. */
  stale: boolean;
}

interface Entry {
  from: number;
  to: number;
  intervals: Interval[];
  fetchedAt: number;
}

const MAX_ENTRIES_PER_CALENDAR = 16;
const MAX_KEYS = 20_000;

/**
 * Busy times of connected calendars for slot lookups. One request per account (Google answers all its
 * calendars in one freeBusy call) or per calendar (CalDAV), all at once; results are cached per calendar
 * for `ttlMs` and dropped when we write to that calendar. A provider slower than `timeoutMs` does not
 * hold the lookup: it answers from the last busy times we know, and the late answer refreshes the cache.
 */
export function createBusyTimes(
  db: Db,
  deps: { open: AccountOpener; now: () => Date; options?: Partial<BusyOptions> },
) {
  const options = { ...DEFAULT_BUSY_OPTIONS, ...deps.options };
  const sources = new Map<string, { at: number; value: Promise<BusySource[]> }>();
  const cache = new Map<string, Entry[]>();
  const inflight = new Map<string, Promise<Map<string, Interval[]>>>();

  const keyOf = (calendarId: string, zone: string) => `${calendarId}|${zone}`;

  function hostSources(hostId: string): Promise<BusySource[]> {
    const now = deps.now().getTime();
    const hit = sources.get(hostId);
    if (hit && now - hit.at < options.sourcesTtlMs) return hit.value;
    if (sources.size >= MAX_KEYS) sources.clear();
    const value = createCalendarsRepo(db).busySources(hostId);
    value.catch(() => sources.delete(hostId));
    sources.set(hostId, { at: now, value });
    return value;
  }

  /** A fresh cached answer covering [from, to) for a calendar, or undefined. */
  function fresh(key: string, from: number, to: number, now: number): Interval[] | undefined {
    const entry = cache
      .get(key)
      ?.find((e) => e.from <= from && e.to >= to && now - e.fetchedAt < options.ttlMs);
    return entry?.intervals.filter((i) => i.end > from && i.start < to);
  }

  /** The newest busy times we ever had for [from, to), however old: the fallback of a slow provider. */
  function lastKnown(key: string, from: number, to: number): Interval[] {
    const entries = [...(cache.get(key) ?? [])].sort((a, b) => b.fetchedAt - a.fetchedAt);
    const out: Interval[] = [];
    for (const e of entries) {
      if (e.to <= from || e.from >= to) continue;
      out.push(...e.intervals.filter((i) => i.end > from && i.start < to));
    }
    return out;
  }

  function store(key: string, entry: Entry): void {
    if (cache.size >= MAX_KEYS && !cache.has(key)) cache.clear();
    const kept = (cache.get(key) ?? []).filter(
      (e) => !(e.from >= entry.from && e.to <= entry.to) && entry.fetchedAt - e.fetchedAt < DAY_MS,
    );
    kept.push(entry);
    cache.set(key, kept.slice(-MAX_ENTRIES_PER_CALENDAR));
  }

  /** Asks one account for the busy times of the given calendars; concurrent equal asks share one request. */
  function fetchAccount(
    source: BusySource,
    calendars: BusySource["calendars"],
    from: number,
    to: number,
    zone: string,
  ): Promise<Map<string, Interval[]>> {
    const flightKey = `${source.account.id}|${calendars.map((c) => c.id).join(",")}|${from}|${to}|${zone}`;
    let flight = inflight.get(flightKey);
    if (!flight) {
      const startedAt = deps.now().getTime();
      flight = deps
        .open(source.account)
        .busy(calendars, { from, to }, zone)
        .then((byRemote) => {
          const byId = new Map<string, Interval[]>();
          for (const c of calendars) {
            const intervals = byRemote.get(c.remoteId) ?? [];
            byId.set(c.id, intervals);
            store(keyOf(c.id, zone), { from, to, intervals, fetchedAt: startedAt });
          }
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
      const list = await hostSources(hostId);
      if (list.length === 0) return { busy: [], stale: false };
      // Whole UTC days, so a day's lookup finds the month's answer in the cache.
      const from = Math.floor(range.from / DAY_MS) * DAY_MS;
      const to = Math.ceil(range.to / DAY_MS) * DAY_MS;
      const now = deps.now().getTime();
      let stale = false;
      const busy: Interval[] = [];
      await Promise.all(
        list.map(async (source) => {
          const missing = source.calendars.filter((c) => {
            const hit = fresh(keyOf(c.id, zone), from, to, now);
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
            for (const c of missing) busy.push(...lastKnown(keyOf(c.id, zone), from, to));
            return;
          }
          for (const c of missing) busy.push(...(answer.get(c.id) ?? []));
        }),
      );
      return { busy, stale };
    },

    /** Our own write to a calendar: its busy times must be asked for again. */
    invalidateCalendar(calendarId: string): void {
      for (const key of cache.keys()) if (key.startsWith(`${calendarId}|`)) cache.delete(key);
    },

    /** The host changed which calendars are checked (or connected, or disconnected one). */
    invalidateHost(hostId: string, calendarIds: string[] = []): void {
      sources.delete(hostId);
      for (const id of calendarIds) this.invalidateCalendar(id);
    },
  };
}

export type BusyTimes = ReturnType<typeof createBusyTimes>;
