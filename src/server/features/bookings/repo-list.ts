import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import { bookingHosts, bookings, eventTypeHosts, eventTypes } from "../../db/schema/index.js";
import { type BookingRecord, createRecordsByIds } from "./repo.js";

/** The host's Meetings list: its filters, pages and capped counts (spec: GET /bookings). */

export interface BookingFilters {
  /** Upcoming = not ended by `now`, past = ended. */
  when: "all" | "upcoming" | "past";
  /** Stored status, with 'completed' and 'upcoming' split from 'confirmed' by `now`. */
  status: "all" | "confirmed" | "cancelled" | "completed" | "no_show" | "upcoming" | "past";
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
     * Counting stops at COUNT_CAP, SEARCH_COUNT_CAP with a search (or at the end of the asked page, when
     * further): beyond it `total` is a lower bound and `capped` is true, so a host with 100,000 bookings
     * never waits for a full count.
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
      const searching = Boolean(f.search);
      // A search reads its upcoming matches' ids in order, up to the cap, in the statement that
      // counts the past ones: the same walk of a booking window's worth of the (host, start) index
      // that counting them took, and the page is then among those ids without a second walk.
      const { upCount, pastCount, upIds } = searching
        ? await searchSides(upWhere, pastWhere, need + 1)
        : { ...(await countSides(upWhere, pastWhere, need + 1)), upIds: undefined };
      // When upcoming alone passes `need`, the page lies within it and the past offset is never used.
      // A search's past page collects its matches first (pageOf) when all of them were counted: the
      // planner, which cannot tell how rare a term is, would otherwise walk years of the start-time
      // index expecting the page's matches early.
      const rows: BookingRecord[] = [];
      if (upWhere && offset < upCount) {
        rows.push(
          ...(upIds
            ? await recordsByIds(upIds.slice(offset, offset + f.limit))
            : await pageOf(upWhere, "asc", f.limit, offset)),
        );
      }
      if (pastWhere && rows.length < f.limit && offset + rows.length < upCount + pastCount) {
        const pastOffset = Math.max(0, offset - upCount);
        rows.push(
          ...(await pageOf(
            pastWhere,
            "desc",
            f.limit - rows.length,
            pastOffset,
            searching && pastCount <= need,
          )),
        );
      }
      const capped = upCount > need || pastCount > need;
      return { rows, total: Math.min(upCount, need) + Math.min(pastCount, need), capped };
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
   * One page of one side of the list. The page's ids are found first from the (host, start) index
   * alone, skipping `offset` index entries, and only those `limit` bookings are then read with their
   * event type, host and co-hosts (a second, kept statement: createRecordsByIds). Joining first would
   * build every skipped row (co-hosts included) and make the planner cost a deep page like a scan of
   * the whole list (PostgreSQL then JIT-compiles it: over a second on page 50).
   *
   * `fewMatches`: a search with few matches on this side (listForHost decides). Then they are
   * collected first (a materialized CTE: the trigram index finds them) and only those few sorted.
   * Left to itself the planner, which cannot know how rare a search term is, walks the start-time
   * index expecting the page's 20 matches early; for a rare name it reads every booking of the host
   * instead (100k bookings: 37 ms where this takes 0.8 ms).
   */
  async function pageOf(
    where: SQL | undefined,
    direction: "asc" | "desc",
    limit: number,
    offset: number,
    fewMatches = false,
  ): Promise<BookingRecord[]> {
    const by = direction === "asc" ? asc : desc;
    let ids: string[];
    if (fewMatches) {
      const found = (await db.execute(sql`with matches as materialized (${db
        .select({ id: bookings.id, startTime: bookings.startTime })
        .from(bookings)
        .where(where)})
        select id from matches order by start_time ${sql.raw(direction)}, id ${sql.raw(direction)}
        limit ${limit} offset ${offset}`)) as unknown as { rows: { id: string }[] };
      ids = found.rows.map((r) => r.id);
    } else {
      const found = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(where)
        .orderBy(by(bookings.startTime), by(bookings.id))
        .limit(limit)
        .offset(offset);
      ids = found.map((r) => r.id);
    }
    return recordsByIds(ids);
  }

  /** How many bookings `where` matches, counting no further than `max` (none without `where`). */
  function countUpTo(where: SQL | undefined, max: number): SQL {
    return where
      ? sql`(select count(*)::int from (${db.select({ one: sql`1` }).from(bookings).where(where).limit(max)}) m)`
      : sql`0`;
  }

  /**
   * How many rows each side matches, counting no further than `max`, in one statement (one round
   * trip where there were two; a side the filters leave out counts 0).
   */
  async function countSides(
    upWhere: SQL | undefined,
    pastWhere: SQL | undefined,
    max: number,
  ): Promise<{ upCount: number; pastCount: number }> {
    const result = (await db.execute(
      sql`select ${countUpTo(upWhere, max)} as up, ${countUpTo(pastWhere, max)} as past`,
    )) as unknown as { rows: { up: number; past: number }[] };
    const [row] = result.rows;
    return { upCount: Number(row.up), pastCount: Number(row.past) };
  }

  /**
   * A search's two sides in one statement: the ids of the first `max` upcoming matches in the list's
   * order (soonest first) and how many past ones there are, counting no further than `max`.
   */
  async function searchSides(
    upWhere: SQL | undefined,
    pastWhere: SQL | undefined,
    max: number,
  ): Promise<{ upIds: string[]; upCount: number; pastCount: number }> {
    const upIds = upWhere
      ? sql`array(${db
          .select({ id: bookings.id })
          .from(bookings)
          .where(upWhere)
          .orderBy(asc(bookings.startTime), asc(bookings.id))
          .limit(max)})`
      : sql`'{}'::uuid[]`;
    const result = (await db.execute(
      sql`select ${upIds} as up, ${countUpTo(pastWhere, max)} as past`,
    )) as unknown as { rows: { up: string[]; past: number }[] };
    const [row] = result.rows;
    return { upIds: row.up, upCount: row.up.length, pastCount: Number(row.past) };
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
  // 'confirmed' reads 'completed' once ended: on each side they are the same stored status.
  const stored = { confirmed: "confirmed", completed: "confirmed", upcoming: "confirmed" } as const;
  if (f.status === "cancelled" || f.status === "no_show") conditions.push(eq(bookings.status, f.status));
  else if (f.status in stored) conditions.push(eq(bookings.status, "confirmed"));
  if (f.from) conditions.push(gte(bookings.startTime, f.from));
  if (f.to) conditions.push(lt(bookings.startTime, f.to));
  if (f.eventTypeId) conditions.push(eq(bookings.eventTypeId, f.eventTypeId));
  if (f.search) {
    // search_text holds name, email, phone and booked title, lower-cased; its trigram index answers this.
    const like = (term: string) => sql`${bookings.searchText} like lower(${containsPattern(term)})`;
    // A phone number typed as hosts read it ("+1 (415) 555-0134", "030 1234567") finds its E.164 digits.
    const digits = /^[\d\s()+.\-/]+$/.test(f.search) ? f.search.replace(/\D+/g, "").replace(/^0+/, "") : "";
    const text =
      digits.length >= 3 && digits !== f.search ? or(like(f.search), like(digits)) : like(f.search);
    // An event type renamed since still finds its bookings by its current title.
    conditions.push(
      renamedEventTypes.length > 0 ? or(text, inArray(bookings.eventTypeId, renamedEventTypes)) : text,
    );
  }
  return and(...conditions);
}
