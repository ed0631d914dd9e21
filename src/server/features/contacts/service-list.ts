import { Temporal } from "temporal-polyfill";
import {
  type BulkContactsBody,
  type BulkResult,
  type ContactFilter,
  type ContactListEnvelope,
  type ContactStats,
  type ListContactsQuery,
  listContactsQuery,
  normalizeTags,
} from "../../../contract/contacts.js";
import type { Db } from "../../db/client.js";
import { badRequest } from "../../lib/errors.js";
import { createContactsRepo } from "./repo.js";
import { createContactsListRepo } from "./repo-list.js";
import { toContactDto } from "./service.js";

/** Bulk actions over a filter work through the matches this many at a time. */
const BULK_BATCH = 500;

export function createContactsListService(db: Db, deps: { now: () => Date }) {
  const list = createContactsListRepo(db);
  const repo = createContactsRepo(db);

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
      await repo.refreshDue(hostUserId, deps.now());
      const filter: ContactFilter = { ...q, searchQuery: q.searchQuery || q.search || undefined };
      const order = q.order ?? (q.sort === "name" ? "asc" : "desc");
      const { rows, total } = await list.page(hostUserId, filter, q.sort, order, q.page, q.limit);
      return {
        success: true,
        data: rows.map(toContactDto),
        pagination: {
          page: q.page,
          limit: q.limit,
          total,
          totalPages: Math.max(1, Math.ceil(total / q.limit)),
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
      await repo.refreshDue(hostUserId, deps.now());
      const now = Temporal.Instant.fromEpochMilliseconds(deps.now().getTime()).toZonedDateTimeISO(zone);
      const monthStart = new Date(now.with({ day: 1 }).startOfDay().epochMilliseconds);
      const since30 = new Date(deps.now().getTime() - 30 * 86_400_000);
      const s = await list.stats(hostUserId, monthStart, since30);
      return {
        total: s?.total ?? 0,
        byStage: {
          prospect: s?.prospect ?? 0,
          lead: s?.lead ?? 0,
          customer: s?.customer ?? 0,
          partner: s?.partner ?? 0,
          other: s?.other ?? 0,
        },
        byPriority: { high: s?.high ?? 0, medium: s?.medium ?? 0, low: s?.low ?? 0 },
        newThisMonth: s?.newThisMonth ?? 0,
        metLast30Days: s?.metLast30Days ?? 0,
      };
    },
  };
}

export type ContactsListService = ReturnType<typeof createContactsListService>;
