import { and, asc, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type ContactRow, contacts } from "../../db/schema/index.js";
import { filterWhere } from "./repo-list.js";

/** The exact creation instant as whole microseconds since 1970 (a cursor must not round it to ms). */
const createdMicros = sql<string>`(extract(epoch from ${contacts.createdAt}) * 1000000)::bigint::text`;

/** Keyset pages of a host's contacts by (created_at, id): the public API's list. */
export function createContactPagesRepo(db: Db) {
  return {
    async page(
      hostUserId: string,
      f: { search?: string; after?: { micros: string; id: string }; limit: number },
    ): Promise<{ row: ContactRow; micros: string }[]> {
      const conditions: (SQL | undefined)[] = [filterWhere(hostUserId, { searchQuery: f.search })];
      if (f.after) {
        conditions.push(
          sql`(${contacts.createdAt}, ${contacts.id}) > ('epoch'::timestamptz + (${f.after.micros}::bigint * interval '1 microsecond'), ${f.after.id}::uuid)`,
        );
      }
      const rows = await db
        .select({ row: contacts, micros: createdMicros })
        .from(contacts)
        .where(and(...conditions))
        .orderBy(asc(contacts.createdAt), asc(contacts.id))
        .limit(f.limit);
      return rows;
    },
  };
}
