import { Temporal } from "temporal-polyfill";
import {
  type BulkContactsBody,
  type BulkResult,
  CONTACT_PRIORITIES,
  CONTACT_STAGES,
  type ContactFilter,
  type ContactListEnvelope,
  type ContactSort,
  type ContactStats,
  type ListContactsQuery,
  listContactsQuery,
  normalizeTags,
} from "../../../contract/contacts.js";
import type { Db } from "../../db/client.js";
import type { ContactRow } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import { createDueRecount } from "./repo.js";
import { type CountCell, createContactsCountsRepo } from "./repo-counts.js";
import { createContactsListRepo, createSearchWindow } from "./repo-list.js";
import { toContactDto } from "./service.js";

/** Bulk actions over a filter work through the matches this many at a time. */
const BULK_BATCH = 500;
/**
 * A search or tag filter is counted no further than this (or the end of the page asked for): an
 * exact figure would read every match. Without them the kept counts give the exact total. 200 as
 * the Meetings list's search: "200+" and "Page 1 of 8+" tell a host to narrow the search as well
 * as "1,000+" did, and proving 1,001 matches cost most of a common search's time (PostgreSQL built
 * the trigram index's whole bitmap, 12,308 rows for an e-mail domain, where the first 201 come
 * from a short sequential read; docs/performance.md).
 */
const COUNT_CAP = 200;
/**
 * A search with more matches than the cap fills its page from this many contacts in the sort's
 * order (see pageFromWindow): a common search (1 in 100 or more) usually has a first page's 25
 * there; when not (a rarer one, matches that cluster in the order, or a later page), they are
 * collected and sorted instead.
 */
const SEARCH_WINDOW = 1000;

export function createContactsListService(db: Db, deps: { now: () => Date }) {
  const list = createContactsListRepo(db);
  const searchWindow = createSearchWindow(db);
  const refreshDue = createDueRecount(db);
  const counts = createContactsCountsRepo(db);

  /** The page's rows and the filter's total (a lower bound when capped). */
  async function pageOf(hostUserId: string, f: ContactFilter, q: ReturnType<typeof listContactsQuery.parse>) {
    const order = q.order ?? (q.sort === "name" ? "asc" : "desc");
    if (!f.searchQuery && !f.tag) {
      const [rows, cells] = await Promise.all([
        list.page({ hostUserId, f, sort: q.sort, order, page: q.page, limit: q.limit }),
        counts.cells(hostUserId),
      ]);
      return { rows, total: cellsTotal(cells, f), capped: false };
    }
    const cap = Math.max(COUNT_CAP, q.page * q.limit);
    const ask = { hostUserId, f, sort: q.sort, order, page: q.page, limit: q.limit };
    // A rare search is answered here: its count and its page's ids from one read of its matches, then
    // the page's rows by id.
    const first = await list.pageOfFirst(ask, cap + 1);
    const found = first.found ?? (await list.countUpTo(hostUserId, f, cap + 1));
    if (found <= cap) {
      const rows = await list.rowsInOrder(
        hostUserId,
        first.keys.map((k) => k.id),
      );
      return { rows, total: found, capped: false };
    }
    if (!f.searchQuery) return { rows: await list.page(ask), total: cap, capped: true };
    if (!namesTogether(first.keys, q.sort, f.searchQuery)) {
      const rows = await searchWindow(ask, SEARCH_WINDOW);
      if (rows.length === q.limit) return { rows, total: cap, capped: true };
    }
    // Every match is read and sorted for this page anyway, so its total is exact at no cost.
    const all = await list.pageOfAll(ask);
    if (all.found === undefined) return { rows: [], total: cap, capped: true };
    return { rows: all.rows, total: all.found, capped: false };
  }

  /** The ids a bulk action names: the given ones, or every contact the filter matches. */
  async function* targetBatches(hostUserId: string, body: BulkContactsBody): AsyncGenerator<string[]> {
    if (body.ids) {
      yield body.ids;
      return;
    }
    const except = new Set(body.exceptIds ?? []);
    let after: string | null = null;
    for (;;) {
      const ids = await list.idsAfter(hostUserId, body.filter ?? {}, after, BULK_BATCH);
      if (ids.length === 0) return;
      yield ids.filter((id) => !except.has(id));
      after = ids[ids.length - 1];
    }
  }

  return {
    async list(hostUserId: string, query: ListContactsQuery): Promise<ContactListEnvelope> {
      const q = listContactsQuery.parse(query);
      await refreshDue(hostUserId, deps.now());
      const filter: ContactFilter = { ...q, searchQuery: q.searchQuery || q.search || undefined };
      const { rows, total, capped } = await pageOf(hostUserId, filter, q);
      return {
        success: true,
        data: rows.map(toContactDto),
        pagination: {
          page: q.page,
          limit: q.limit,
          total,
          totalPages: Math.max(1, Math.ceil(total / q.limit)),
          ...(capped ? { totalCapped: true } : {}),
        },
      };
    },

    async bulk(hostUserId: string, body: BulkContactsBody): Promise<BulkResult> {
      let affected = 0;
      const tags = body.action === "tag" ? normalizeTags(body.tags ?? []) : [];
      if (typeof tags === "string") throw badRequest(tags, { tags });
      for await (const ids of targetBatches(hostUserId, body)) {
        if (body.action === "delete") affected += await list.deleteIds(hostUserId, ids);
        else if (body.action === "stage" && body.stage)
          affected += await list.setStage(hostUserId, ids, body.stage);
        else if (body.action === "tag") {
          affected += await db.transaction(async (tx) => {
            const txList = createContactsListRepo(tx);
            let changed = 0;
            for (const row of await txList.rowsByIds(hostUserId, ids)) {
              const merged = normalizeTags([...row.tags, ...tags]);
              // A contact already at the tag limit keeps its tags; the others get the new ones.
              if (typeof merged === "string") continue;
              await txList.setTags(hostUserId, row.id, merged);
              changed += 1;
            }
            return changed;
          });
        }
      }
      return { affected };
    },

    async stats(hostUserId: string, zone: string): Promise<ContactStats> {
      await refreshDue(hostUserId, deps.now());
      const now = Temporal.Instant.fromEpochMilliseconds(deps.now().getTime()).toZonedDateTimeISO(zone);
      const monthStart = new Date(now.with({ day: 1 }).startOfDay().epochMilliseconds);
      const since30 = new Date(deps.now().getTime() - 30 * 86_400_000);
      const { cells, newThisMonth, metLast30Days } = await counts.overview(hostUserId, monthStart, since30);
      const byStage = Object.fromEntries(CONTACT_STAGES.map((st) => [st, 0])) as ContactStats["byStage"];
      const byPriority = Object.fromEntries(
        CONTACT_PRIORITIES.map((p) => [p, 0]),
      ) as ContactStats["byPriority"];
      for (const c of cells) {
        byStage[c.stage] += c.n;
        byPriority[c.priority] += c.n;
      }
      return { total: cellsTotal(cells, {}), byStage, byPriority, newThisMonth, metLast30Days };
    },
  };
}

/**
 * Whether a search's matches sit together in the name order, away from where the list starts: the
 * first of its matches found (in no order), sorted, all have names that begin with it ("Priya ...").
 * Then the window of the first contacts by name holds none of them, and reading it only delays
 * collecting them (pageOfAll). A guess from a sample: a wrong one costs time, never a wrong page.
 */
function namesTogether(sample: Pick<ContactRow, "fullName">[], sort: ContactSort, search: string): boolean {
  const start = search.trim().toLowerCase();
  return (
    sort === "name" &&
    start !== "" &&
    sample.length > 0 &&
    sample.every((row) => row.fullName.toLowerCase().startsWith(start))
  );
}

/** The contacts of the cells the filter's stage and priority pick. */
function cellsTotal(cells: CountCell[], f: ContactFilter): number {
  return cells
    .filter((c) => !f.stage || f.stage === "all" || c.stage === f.stage)
    .filter((c) => !f.priority || f.priority === "all" || c.priority === f.priority)
    .reduce((sum, c) => sum + c.n, 0);
}

export type ContactsListService = ReturnType<typeof createContactsListService>;
