import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import { bookingHosts, bookings, eventTypeHosts, eventTypes } from "../../db/schema/index.js";
import { type BookingRecord, createRecordsByIds } from "./repo.js";

/** The host's Meetings list: its filters, pages and capped counts (spec: GET /bookings). */

export interface BookingFilters {
  /** Upcoming = not ended by `now`, past = ended. */
  when: "all" | "upcoming" | "past";
  /** Stored status, with 'completed' and 'upcoming' split from 'confirmed' by `now`. */
  status:
    | "all"
    | "confirmed"
    | "cancelled"
    | "completed"
    | "no_show"
    | "pending"
    | "declined"
    | "expired"
    | "upcoming"
    | "past";
  search?: string;
  /** Only this event type's bookings (e.g. what deleting it would leave behind). */
  eventTypeId?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
  now: Date;
}

/** Make one per database (service creation): its page read is a kept statement. */
export function createBookingListRepo(db: Db) {
  const recordsByIds = createRecordsByIds(db);
  // Every list call runs this one: kept prepared (db/prepared.ts). Without a search, no pattern.
  const host = sql.placeholder("hostUserId");
  const typesAround = keptStatement(db, "bookings_list_event_types", (handle) =>
    handle
      .select({ id: eventTypes.id, own: sql<boolean>`${eventTypes.userId} = ${host}::uuid` })
      .from(eventTypes)
      .where(
        or(
          sql`${eventTypes.userId} = ${host}::uuid and ${eventTypes.title} ilike ${sql.placeholder("pattern")}::text`,
          and(
            sql`${eventTypes.userId} <> ${host}::uuid`,
            inArray(
              eventTypes.id,
              handle
                .select({ id: eventTypeHosts.eventTypeId })
                .from(eventTypeHosts)
                .where(sql`${eventTypeHosts.userId} = ${host}::uuid`),
            ),
          ),
        ),
      )
      .prepare("bookings_list_event_types"),
  );
  return {
    /**
     * One page of the host's bookings: upcoming ones (not ended) soonest first, then past ones
     * latest first. Each side is its own index-ordered query, so a page never sorts the whole list.
     * Counting stops at COUNT_CAP matches, SEARCH_COUNT_CAP with a search (or at the end of the asked
     * page, when further), both sides together: beyond it `total` is a lower bound and `capped` is true,
     * so a host with 100,000 bookings never waits for a full count, and the past side is not counted at
     * all when the upcoming one alone passes the cap.
     */
    async listForHost(
      hostUserId: string,
      f: BookingFilters,
    ): Promise<{ rows: BookingRecord[]; total: number; capped: boolean }> {
      const offset = (f.page - 1) * f.limit;
      const need = Math.max(f.search ? SEARCH_COUNT_CAP : COUNT_CAP, offset + f.limit);
      const upcoming = f.when !== "past" && f.status !== "past" && f.status !== "completed";
      const past = f.when !== "upcoming" && f.status !== "upcoming" && f.status !== "confirmed";
      const { renamed, coHosted } = await eventTypesAround(hostUserId, f.search);
      const mine = whoseBookings(hostUserId, coHosted);
      const upWhere = upcoming ? listWhere(mine, f, "upcoming", renamed) : undefined;
      const pastWhere = past ? listWhere(mine, f, "past", renamed) : undefined;
      // A search reads its matches' ids in the statement that counts them (searchSides): upcoming in
      // order, up to the cap, and past ones too when all of them fit under it, so a page of a search
      // needs no second walk of either side.
      const sides = f.search
        ? await searchSides(upWhere, pastWhere, need + 1)
        : { ...(await countSides(upWhere, pastWhere, need + 1)), upIds: null, pastIds: null };
      const { upCount, pastCount } = sides;
      // When upcoming alone passes `need`, the page lies within it and the past side is never read.
      const capped = upCount + pastCount > need;
      const ids: string[] = [];
      if (upWhere && offset < upCount) {
        ids.push(
          ...(sides.upIds?.slice(offset, offset + f.limit) ??
            (await pageIds(upWhere, "asc", f.limit, offset))),
        );
      }
      if (pastWhere && ids.length < f.limit && offset + ids.length < upCount + pastCount) {
        const pastOffset = Math.max(0, offset - upCount);
        const left = f.limit - ids.length;
        ids.push(
          ...(sides.pastIds?.slice(pastOffset, pastOffset + left) ??
            (await pageIds(pastWhere, "desc", left, pastOffset))),
        );
      }
      const rows = await recordsByIds(ids);
      return { rows, total: Math.min(upCount + pastCount, need), capped };
    },
  };

  /**
   * The event types a list query needs besides the host's bookings, in one statement: `coHosted`,
   * types someone else owns that list this host among their hosts (team types; their collective
   * bookings occupy this host too, through booking_hosts; most hosts have none), and with a search,
   * `renamed`, the host's own types whose current title contains it (any case).
   */
  async function eventTypesAround(
    hostUserId: string,
    search: string | undefined,
  ): Promise<{ renamed: string[]; coHosted: string[] }> {
    const found = await typesAround(db, {
      hostUserId,
      pattern: search ? containsPattern(search) : null,
    });
    return {
      renamed: found.filter((r) => r.own).map((r) => r.id),
      coHosted: found.filter((r) => !r.own).map((r) => r.id),
    };
  }

  /**
   * The bookings a host's Meetings list shows: their own, and those of others' team types that
   * occupy them too (a collective meeting they co-host). Without such types it is the plain
   * (host, start) index condition the pages are tuned for.
   */
  function whoseBookings(hostUserId: string, coHostedTypes: string[]): SQL {
    const own = eq(bookings.hostUserId, hostUserId);
    if (coHostedTypes.length === 0) return own;
    const occupying = db
      .select({ id: bookingHosts.bookingId })
      .from(bookingHosts)
      .where(and(eq(bookingHosts.hostUserId, hostUserId), inArray(bookingHosts.eventTypeId, coHostedTypes)));
    return or(own, and(inArray(bookings.eventTypeId, coHostedTypes), inArray(bookings.id, occupying))) as SQL;
  }

  /**
   * The ids of one page of one side of the list, from the (host, start) index alone, skipping
   * `offset` index entries; listForHost then reads only those bookings with their event type, host
   * and co-hosts (a kept statement: createRecordsByIds). Joining first would build every skipped row
   * (co-hosts included) and make the planner cost a deep page like a scan of the whole list
   * (PostgreSQL then JIT-compiles it: over a second on page 50).
   */
  async function pageIds(
    where: SQL | undefined,
    direction: "asc" | "desc",
    limit: number,
    offset: number,
  ): Promise<string[]> {
    const by = direction === "asc" ? asc : desc;
    const found = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(where)
      .orderBy(by(bookings.startTime), by(bookings.id))
      .limit(limit)
      .offset(offset);
    return found.map((r) => r.id);
  }

  /** How many bookings `where` matches, counting no further than `max` (an SQL expression; none without `where`). */
  function countUpTo(where: SQL | undefined, max: number): SQL {
    return where
      ? sql`(select count(*)::int from (${db.select({ one: sql`1` }).from(bookings).where(where).limit(max)}) m)`
      : sql`0`;
  }

  /**
   * How many rows each side matches in one statement (one round trip where there were two; a side
   * the filters leave out counts 0), counting no further than `max` each. Past the cap the total is a
   * lower bound anyway, so a list whose upcoming side reaches it never reads its past: `upcomingShort`
   * is a one-time filter (an uncorrelated condition PostgreSQL checks before starting the scan). The
   * limit stays a constant, so the planner knows how few rows it needs: with the limit an expression
   * it assumed a tenth of the matches and, for a common word, built the whole trigram bitmap (2 ms)
   * where walking the host's bookings meets 201 matches in 1.
   */
  async function countSides(
    upWhere: SQL | undefined,
    pastWhere: SQL | undefined,
    max: number,
  ): Promise<{ upCount: number; pastCount: number }> {
    // Materialized: the upcoming count is read twice (answer and past condition) but counted once.
    const upcomingShort = sql`(select n from up) < ${max}`;
    const result = (await db.execute(
      sql`with up as materialized (select ${countUpTo(upWhere, max)} as n)
        select n as up, ${countUpTo(pastWhere && and(pastWhere, upcomingShort), max)} as past from up`,
    )) as unknown as { rows: { up: number; past: number }[] };
    const [row] = result.rows;
    return { upCount: Number(row.up), pastCount: Number(row.past) };
  }

  /**
   * A search's two sides in one statement: the ids of the first `max` upcoming matches in the list's
   * order (soonest first), and the past matches counted as in countSides with, when all of them fit
   * under the cap, their ids latest first. The past ones are collected by whatever
   * the planner finds cheapest (the trigram index for a rare word) and only those few sorted: left to
   * order them itself, the planner, which cannot know how rare a word is, walks the start-time index
   * expecting the page's matches early, and for a rare name reads every booking of the host instead
   * (100k bookings: 37 ms where this takes 0.8 ms). When they do not all fit, the page walks the
   * index in order (pageIds): the word is then common enough to meet the page's matches early.
   */
  async function searchSides(
    upWhere: SQL | undefined,
    pastWhere: SQL | undefined,
    max: number,
  ): Promise<{ upIds: string[]; upCount: number; pastCount: number; pastIds: string[] | null }> {
    const upIds = upWhere
      ? sql`array(${db
          .select({ id: bookings.id })
          .from(bookings)
          .where(upWhere)
          .orderBy(asc(bookings.startTime), asc(bookings.id))
          .limit(max)})`
      : sql`'{}'::uuid[]`;
    const upcomingShort = sql`(select cardinality(ids) from up) < ${max}`;
    const pastMatches = pastWhere
      ? db
          .select({ id: bookings.id, startTime: bookings.startTime })
          .from(bookings)
          .where(and(pastWhere, upcomingShort))
          .limit(max)
      : sql`select null::uuid as id, null::timestamptz as start_time where false`;
    // Both materialized: each is read twice (its ids and their number) but computed once.
    const result = (await db.execute(
      sql`with up as materialized (select ${upIds} as ids), past as materialized (${pastMatches})
        select ids as up, (select count(*)::int from past) as past_count,
          case when cardinality(ids) + (select count(*) from past) < ${max}
            then array(select id from past order by start_time desc, id desc) end as past_ids
        from up`,
    )) as unknown as { rows: { up: string[]; past_count: number; past_ids: string[] | null }[] };
    const [row] = result.rows;
    return {
      upIds: row.up,
      upCount: row.up.length,
      pastCount: Number(row.past_count),
      pastIds: row.past_ids,
    };
  }
}

/** Counting the list's matches stops here (see listForHost). */
export const COUNT_CAP = 1000;
/** A search counts less far: each match is a table row to check, where plain filters read only the index. */
export const SEARCH_COUNT_CAP = 200;

/**
 * A booking's end is at most 8 hours (the longest event type) after its start, so "not ended" implies
 * "started less than a day ago": the redundant start bound lets the (host, start) indexes seek to now.
 */
const MAX_LENGTH_MS = 86_400_000;

/** A LIKE pattern for "contains `text`", its wildcards escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The filters of one side of the list: upcoming (end > now) or past (end <= now). */
function listWhere(
  whose: SQL,
  f: BookingFilters,
  side: "upcoming" | "past",
  renamedEventTypes: string[],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [whose];
  if (side === "upcoming") {
    conditions.push(
      gt(bookings.endTime, f.now),
      gt(bookings.startTime, new Date(f.now.getTime() - MAX_LENGTH_MS)),
    );
  } else {
    conditions.push(lte(bookings.endTime, f.now), lt(bookings.startTime, f.now));
  }
  conditions.push(statusMatch(bookings.status, f));
  if (f.from) conditions.push(gte(bookings.startTime, f.from));
  if (f.to) conditions.push(lt(bookings.startTime, f.to));
  if (f.eventTypeId) conditions.push(eq(bookings.eventTypeId, f.eventTypeId));
  if (f.search)
    conditions.push(searchMatch(bookings.searchText, bookings.eventTypeId, f.search, renamedEventTypes));
  conditions.push(seatLead(f, renamedEventTypes));
  return and(...conditions);
}

/** The stored status a status filter reads (undefined: any). */
function statusMatch(status: SQLWrapper, f: Pick<BookingFilters, "status">): SQL | undefined {
  // 'confirmed' reads 'completed' once ended: on each side they are the same stored status.
  const stored = { confirmed: "confirmed", completed: "confirmed", upcoming: "confirmed" } as const;
  if (
    f.status === "cancelled" ||
    f.status === "no_show" ||
    f.status === "pending" ||
    f.status === "declined" ||
    f.status === "expired"
  )
    return eq(status, f.status);
  if (f.status in stored) return eq(status, "confirmed");
  return undefined;
}

/** A search's condition on a booking's search text (or its event type's current title). */
function searchMatch(
  searchText: SQLWrapper,
  eventTypeId: SQLWrapper,
  search: string,
  renamed: string[],
): SQL {
  // search_text holds name, email, phone and booked title, lower-cased; its trigram index answers this.
  const like = (term: string) => sql`${searchText} like lower(${containsPattern(term)})`;
  // A phone number typed as hosts read it ("+1 (415) 555-0134", "030 1234567") finds its E.164 digits.
  const digits = /^[\d\s()+.\-/]+$/.test(search) ? search.replace(/\D+/g, "").replace(/^0+/, "") : "";
  const text =
    digits.length >= 3 && digits !== search ? (or(like(search), like(digits)) as SQL) : like(search);
  // An event type renamed since still finds its bookings by its current title.
  return renamed.length > 0 ? (or(text, inArray(eventTypeId, renamed)) as SQL) : text;
}

/**
 * Issue 28 item 2: the seats of a group slot are one meeting in the list, so it pages and counts
 * meetings. A seat stands for its meeting unless another seat of it that the filters also match comes
 * first (holding seats before cancelled ones, then by id). Seats share host, start and event type, all
 * in the covering index, so the outer scan stays index-only; `slot_key` (seated keys hold a '/', a
 * lone booking's is its own id: slots/service-rules.ts slotKeyFor) is read only for those rare
 * neighbours, which a cancelled booking and its slot's next booking can be.
 */
function seatLead(f: BookingFilters, renamed: string[]): SQL {
  const seat = {
    status: sql.raw("seat.status"),
    searchText: sql.raw("seat.search_text"),
    eventTypeId: sql.raw("seat.event_type_id"),
  };
  const holdingLast = (status: SQLWrapper) => sql`${status} not in ('confirmed', 'pending')`;
  const before = and(
    sql`seat.host_user_id = ${bookings.hostUserId}`,
    sql`seat.start_time = ${bookings.startTime}`,
    sql`seat.event_type_id = ${bookings.eventTypeId}`,
    sql`(${holdingLast(seat.status)}, seat.id) < (${holdingLast(bookings.status)}, ${bookings.id})`,
    sql`position('/' in seat.slot_key) > 0`,
    statusMatch(seat.status, f),
    f.search ? searchMatch(seat.searchText, seat.eventTypeId, f.search, renamed) : undefined,
  );
  return sql`not exists (select 1 from bookings seat where ${before})`;
}
