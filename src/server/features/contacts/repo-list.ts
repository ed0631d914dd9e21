import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { ContactFilter, ContactSort } from "../../../contract/contacts.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { keptStatement } from "../../db/prepared.js";
import { type ContactRow, contacts } from "../../db/schema/index.js";

/** A LIKE pattern for "contains `text`", its wildcards escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search's filter on the rows of a window (pageFromWindow): `search_text` holds its fields lower-cased.
 * strpos, not LIKE: PostgreSQL estimates a LIKE from its pattern and a strpos never, so a kept window
 * statement (createSearchWindow) plans the same for every search and gets a generic plan.
 */
const windowMatch = (searchText: SQLWrapper, query: string | Placeholder) =>
  sql`strpos(${searchText}, lower(${query})) > 0`;

/**
 * A number written into the statement's text, not sent as a parameter: PostgreSQL plans a limit it
 * cannot see as a tenth of the rows, so a statement with one is planned again on every call.
 * (drizzle writes a limit given as SQL as it is.)
 */
const inlineLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

const nameKey = sql`lower(${contacts.fullName})`;

/** The conditions of the list's filters; always scoped to one host. */
export function filterWhere(hostUserId: string, f: ContactFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(contacts.hostUserId, hostUserId)];
  if (f.stage && f.stage !== "all") conditions.push(eq(contacts.relationshipStage, f.stage));
  if (f.priority && f.priority !== "all") conditions.push(eq(contacts.priority, f.priority));
  if (f.searchQuery) {
    // search_text holds name, email, company and job title lower-cased; its trigram index answers this.
    conditions.push(sql`${contacts.searchText} like lower(${containsPattern(f.searchQuery)})`);
  }
  if (f.tag) {
    conditions.push(sql`exists (select 1 from unnest(${contacts.tags}) t where lower(t) = lower(${f.tag}))`);
  }
  return and(...conditions);
}

/** The columns a sort reads, of the table or of a subquery of its rows. */
type SortColumns = Record<"id" | "fullName" | "createdAt" | "totalMeetings" | "lastMeetingAt", SQLWrapper>;

/** The table's columns every sort reads: what a search's matches are sorted by before their rows are read. */
const sortKeys = {
  id: contacts.id,
  fullName: contacts.fullName,
  createdAt: contacts.createdAt,
  totalMeetings: contacts.totalMeetings,
  lastMeetingAt: contacts.lastMeetingAt,
};

/**
 * Each sort walks one index (see schema/contacts.ts), the id breaking ties so pages never overlap.
 * `searching`: the matches come from the trigram index and are sorted: walking the name index and
 * filtering would read most of the list when the matches cluster in the alphabet ("Priya ..."), which
 * the planner cannot foresee, so the name key is then an expression no index answers.
 */
function orderFor(
  sort: ContactSort,
  order: "asc" | "desc",
  searching: boolean,
  t: SortColumns = contacts,
): SQL[] {
  const dir = order === "asc" ? asc : desc;
  const id = t.id;
  const nameKey = sql`lower(${t.fullName})`;
  // `+ 0` and `|| ''` leave values and order as they are but hide the column from the planner's index choice.
  switch (sort) {
    case "name":
      return [dir(searching ? sql`(${nameKey} || '')` : nameKey), dir(id)];
    case "created":
      return [dir(searching ? sql`(${t.createdAt} + interval '0 seconds')` : t.createdAt), dir(id)];
    case "meetings":
      return [dir(searching ? sql`(${t.totalMeetings} + 0)` : t.totalMeetings), dir(id)];
    case "lastMet": {
      // Matches the index (last_meeting_at desc nulls last, id desc) read forwards or backwards.
      const key = searching ? sql`(${t.lastMeetingAt} + interval '0 seconds')` : t.lastMeetingAt;
      return order === "desc"
        ? [sql`${key} desc nulls last`, desc(id)]
        : [sql`${key} asc nulls first`, asc(id)];
    }
  }
}

/** A page of a host's contacts asked for: the filter, the sort and order, the page and its size. */
export interface ListPage {
  hostUserId: string;
  f: ContactFilter;
  sort: ContactSort;
  order: "asc" | "desc";
  page: number;
  limit: number;
}

/**
 * The contacts among the first `window` of `where` in the sort's order that the search matches, in
 * that order: pageFromWindow's statement and its kept form's (createSearchWindow), whose window and
 * query may be written into the text or be a placeholder.
 */
function windowMatches(
  h: DbOrTx,
  where: SQL | undefined,
  sort: ContactSort,
  order: "asc" | "desc",
  { window, query }: { window: number; query: string | Placeholder },
) {
  // A subquery with a limit is never merged into the outer query: it stays a scan of the index in
  // the sort's order, which the outer filter and limit keep and stop early in (an outer ORDER BY
  // would make PostgreSQL read and sort the whole window).
  const walked = h
    .select()
    .from(contacts)
    .where(where)
    .orderBy(...orderFor(sort, order, false))
    .limit(window)
    // Named as the table, so the outer select takes the table's own columns, whichever way they
    // are written: drizzle maps rows of plain columns at half the cost of a subquery's proxies.
    .as("contacts");
  return h.select(getTableColumns(contacts)).from(walked).where(windowMatch(walked.searchText, query));
}

export function createContactsListRepo(db: DbOrTx) {
  return {
    /**
     * One page of the filter's matches from a walk of the sort's index (a list without a search, or
     * a tag filter with many matches). A search's pages come from the methods below.
     */
    async page({ hostUserId, f, sort, order, page, limit }: ListPage): Promise<ContactRow[]> {
      const where = filterWhere(hostUserId, f);
      return db
        .select()
        .from(contacts)
        .where(where)
        .orderBy(...orderFor(sort, order, false))
        .limit(limit)
        .offset((page - 1) * limit);
    },

    /**
     * The page from the first `window` contacts in the sort's order (stage and priority applied)
     * that the search matches: for a common search (see service-list.ts), whose matches come early
     * in any order unless they cluster; an empty or short answer says to collect them instead.
     */
    async pageFromWindow(
      { hostUserId, f, sort, order, page, limit }: ListPage,
      window: number,
    ): Promise<ContactRow[]> {
      return windowMatches(db, filterWhere(hostUserId, { ...f, searchQuery: undefined }), sort, order, {
        window,
        query: f.searchQuery ?? "",
      })
        .limit(limit)
        .offset((page - 1) * limit);
    },

    /**
     * The page's ids and names from the filter's first `cap` matches in no order (a search's from its
     * trigram index), sorted, and how many there were (`found`, at most `cap`): when fewer than `cap`,
     * they are all the matches and this is the page (its rows then come from `rowsInOrder`).
     * Undefined `found` when the page is past them all. Only keys are read: for a common search, the
     * most asked, the page comes from elsewhere and full rows here were mapped for nothing.
     */
    async pageOfFirst(
      { hostUserId, f, sort, order, page, limit }: ListPage,
      cap: number,
    ): Promise<{ keys: Pick<ContactRow, "id" | "fullName">[]; found: number | undefined }> {
      const m = db.select(sortKeys).from(contacts).where(filterWhere(hostUserId, f)).limit(cap).as("m");
      const keys = await db
        .select({ id: m.id, fullName: m.fullName, found: sql<number>`(count(*) over ())::int` })
        .from(m)
        .orderBy(...orderFor(sort, order, false, m))
        .limit(limit)
        .offset((page - 1) * limit);
      return { keys: keys.map(({ id, fullName }) => ({ id, fullName })), found: keys[0]?.found };
    },

    /** The host's contacts of these ids, in the order of the ids. */
    async rowsInOrder(hostUserId: string, ids: string[]): Promise<ContactRow[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.hostUserId, hostUserId), inArray(contacts.id, ids)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /**
     * The page from all the filter's matches, collected (a search's from its trigram index) and
     * sorted, and how many there are (`found`; undefined when the page is past them all). For a
     * search whose matches cluster in the sort's order, where walking its index would read most
     * of the list first. Only the matches' ids and sort keys are counted and sorted; the page's
     * rows are read after, by id: a common name's thousands of matches sorted whole cost PostgreSQL
     * a third more (docs/performance.md).
     */
    async pageOfAll({
      hostUserId,
      f,
      sort,
      order,
      page,
      limit,
    }: ListPage): Promise<{ rows: ContactRow[]; found: number | undefined }> {
      const keys = db
        .select({
          ...sortKeys,
          found: sql<number>`(count(*) over ())::int`.as("found"),
        })
        .from(contacts)
        .where(filterWhere(hostUserId, f))
        .orderBy(...orderFor(sort, order, true))
        .limit(limit)
        .offset((page - 1) * limit)
        .as("k");
      const rows = await db
        .select({ ...getTableColumns(contacts), found: keys.found })
        .from(keys)
        .innerJoin(contacts, eq(contacts.id, keys.id))
        .orderBy(...orderFor(sort, order, false, keys));
      return { rows: rows.map(({ found: _, ...row }) => row), found: rows[0]?.found };
    },

    /** How many contacts the filter matches, counting no further than `cap`. */
    async countUpTo(hostUserId: string, f: ContactFilter, cap: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(db.select({ one: sql`1` }).from(contacts).where(filterWhere(hostUserId, f)).limit(cap).as("m"));
      return row?.n ?? 0;
    },

    /** Ids matching a filter (select-all, bulk actions), in batches so huge lists stay bounded. */
    async idsAfter(hostUserId: string, f: ContactFilter, afterId: string | null, limit: number) {
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(filterWhere(hostUserId, f), afterId ? gt(contacts.id, afterId) : undefined))
        .orderBy(asc(contacts.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** One batch of the export, in name order, after the last (name, id) seen. */
    async exportBatch(
      hostUserId: string,
      f: ContactFilter,
      after: { name: string; id: string } | null,
      limit: number,
    ): Promise<ContactRow[]> {
      return db
        .select()
        .from(contacts)
        .where(
          and(
            filterWhere(hostUserId, f),
            after ? sql`(${nameKey}, ${contacts.id}) > (${after.name}, ${after.id})` : undefined,
          ),
        )
        .orderBy(asc(nameKey), asc(contacts.id))
        .limit(limit);
    },

    async deleteIds(hostUserId: string, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await db
        .delete(contacts)
        .where(and(eq(contacts.hostUserId, hostUserId), inArray(contacts.id, ids)))
        .returning({ id: contacts.id });
      return rows.length;
    },

    async setStage(hostUserId: string, ids: string[], stage: ContactRow["relationshipStage"]) {
      if (ids.length === 0) return 0;
      const rows = await db
        .update(contacts)
        .set({
          relationshipStage: stage,
          hostEdited: sql`array(select distinct unnest(${contacts.hostEdited} || array['relationshipStage']))`,
          updatedAt: new Date(),
        })
        .where(and(eq(contacts.hostUserId, hostUserId), inArray(contacts.id, ids)))
        .returning({ id: contacts.id });
      return rows.length;
    },

    async rowsByIds(hostUserId: string, ids: string[]): Promise<Pick<ContactRow, "id" | "tags">[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: contacts.id, tags: contacts.tags })
        .from(contacts)
        .where(and(eq(contacts.hostUserId, hostUserId), inArray(contacts.id, ids)))
        .for("update");
    },

    async setTags(hostUserId: string, id: string, tags: string[]) {
      await db
        .update(contacts)
        .set({
          tags,
          hostEdited: sql`array(select distinct unnest(${contacts.hostEdited} || array['tags']))`,
          updatedAt: new Date(),
        })
        .where(and(eq(contacts.hostUserId, hostUserId), eq(contacts.id, id)));
    },
  };
}

/** The page size of the contacts list (the web app's and the API's default): its first pages are kept. */
const KEPT_PAGE_SIZE = 25;

/**
 * pageFromWindow, with the first page of a search without stage, priority or tag filters (a search as
 * the host types) as a kept statement per sort and order: parsed and planned once per connection
 * instead of on every call, a sixth of such a search's PostgreSQL time (docs/performance.md). Its
 * window and page size are in its text, so its plan is the same for every search and host.
 */
export function createSearchWindow(db: Db) {
  const list = createContactsListRepo(db);
  const kept = new Map<string, (handle: DbOrTx, params: Record<string, unknown>) => Promise<ContactRow[]>>();
  return (ask: ListPage, window: number): Promise<ContactRow[]> => {
    const { f, sort, order } = ask;
    const plain =
      (!f.stage || f.stage === "all") && (!f.priority || f.priority === "all") && !f.tag && f.searchQuery;
    if (!plain || ask.page !== 1 || ask.limit !== KEPT_PAGE_SIZE) return list.pageFromWindow(ask, window);
    const name = `contacts_search_window_${sort}_${order}_${window}`;
    let run = kept.get(name);
    if (!run) {
      run = keptStatement(db, name, (h) =>
        windowMatches(h, eq(contacts.hostUserId, sql.placeholder("hostUserId")), sort, order, {
          window: inlineLimit(window),
          query: sql.placeholder("query"),
        })
          .limit(inlineLimit(KEPT_PAGE_SIZE))
          .prepare(name),
      );
      kept.set(name, run);
    }
    return run(db, { hostUserId: ask.hostUserId, query: f.searchQuery });
  };
}
