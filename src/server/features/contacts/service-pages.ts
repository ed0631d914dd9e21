import type { ContactDto } from "../../../contract/contacts.js";
import type { Db } from "../../db/client.js";
import { createDueRecount } from "./repo.js";
import { createContactPagesRepo } from "./repo-pages.js";
import { toContactDto } from "./service.js";

/** The host's contacts page by page in a stable order (creation, id): the public API's list. */
export function createContactPages(db: Db, deps: { now: () => Date }) {
  const pages = createContactPagesRepo(db);
  const refreshDue = createDueRecount(db);
  return {
    /** Each contact with its position (`[micros, id]`, what the next page starts after). */
    async page(
      hostUserId: string,
      q: { search?: string; after?: readonly [string, string]; limit: number },
    ): Promise<{ contact: ContactDto; position: [string, string] }[]> {
      if (q.after && !/^\d{1,19}$/.test(q.after[0])) return [];
      // Meeting counts whose boundary passed are recounted first, as the app's list does.
      await refreshDue(hostUserId, deps.now());
      const rows = await pages.page(hostUserId, {
        search: q.search || undefined,
        after: q.after && { micros: q.after[0], id: q.after[1] },
        limit: q.limit,
      });
      return rows.map(({ row, micros }) => ({ contact: toContactDto(row), position: [micros, row.id] }));
    },
  };
}

export type ContactPages = ReturnType<typeof createContactPages>;
