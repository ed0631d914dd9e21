import { sql } from "drizzle-orm";
import type { ContactPriority, ContactStage } from "../../../contract/contacts.js";
import type { DbOrTx } from "../../db/client.js";
import { contactCounts, contacts } from "../../db/schema/index.js";

/** A host's contacts in one cell (stage and priority). */
export interface CountCell {
  stage: ContactStage;
  priority: ContactPriority;
  n: number;
}

/** A cell's sum and how many kept rows made it. */
type Piled = CountCell & { pieces: number };

/**
 * A host's kept rows are folded into one per cell once they pass this many: reads stay a handful of
 * index rows, and folding (one statement) is rare.
 */
const FOLD_AT = 64;

/**
 * The kept contact counts (schema `contact_counts`, kept by triggers of migrations 0033 and 0051, and by imports): the list's
 * totals and the stats overview read these instead of counting the contacts.
 */
export function createContactsCountsRepo(db: DbOrTx) {
  /** One row per cell: the host's sum and how many kept rows made it. */
  const cellsOf = (hostUserId: string) => sql`
    select relationship_stage as stage, priority, sum(n)::int as n, count(*)::int as pieces
    from ${contactCounts} where host_user_id = ${hostUserId}
    group by 1, 2`;

  /**
   * Folds the host's rows into one per cell (empty cells dropped). A concurrent fold finds the rows
   * this one deleted gone and leaves them; the triggers' rows appended meanwhile are kept.
   */
  async function fold(hostUserId: string): Promise<void> {
    await db.execute(sql`
      with gone as (
        delete from ${contactCounts} where host_user_id = ${hostUserId}
        returning relationship_stage, priority, n
      )
      insert into ${contactCounts} (host_user_id, relationship_stage, priority, n)
      select ${hostUserId}::uuid, relationship_stage, priority, sum(n)::int from gone
      group by 1, 2, 3 having sum(n) <> 0`);
  }

  /** Folds when the host's rows piled up; returns the cells with contacts. */
  async function settle(hostUserId: string, rows: Piled[]): Promise<CountCell[]> {
    const pieces = rows.reduce((sum, r) => sum + r.pieces, 0);
    if (pieces > FOLD_AT) await fold(hostUserId);
    return rows.filter((r) => r.n !== 0).map(({ stage, priority, n }) => ({ stage, priority, n }));
  }

  return {
    async cells(hostUserId: string): Promise<CountCell[]> {
      const { rows } = (await db.execute(cellsOf(hostUserId))) as unknown as { rows: Piled[] };
      return settle(hostUserId, rows);
    },

    /**
     * The cells, and the contacts added since `monthStart` and met since `since30`: each a range
     * of one index (created, last met), read without visiting the rest of the host's contacts.
     */
    async overview(hostUserId: string, monthStart: Date, since30: Date) {
      const { rows } = (await db.execute(sql`
        select c.stage, c.priority, c.n, c.pieces, r."newThisMonth", r."metLast30Days"
        from (
          select
            (select count(*) from ${contacts}
             where host_user_id = ${hostUserId} and created_at >= ${monthStart.toISOString()}::timestamptz)::int as "newThisMonth",
            (select count(*) from ${contacts}
             where host_user_id = ${hostUserId} and last_meeting_at >= ${since30.toISOString()}::timestamptz)::int as "metLast30Days"
        ) r
        left join (${cellsOf(hostUserId)}) c on true`)) as unknown as {
        rows: ((Piled | { [K in keyof Piled]: null }) & { newThisMonth: number; metLast30Days: number })[];
      };
      const recent = rows[0] ?? { newThisMonth: 0, metLast30Days: 0 };
      const cells = await settle(
        hostUserId,
        rows.filter((r): r is Piled & typeof r => r.stage !== null),
      );
      return { cells, newThisMonth: recent.newThisMonth, metLast30Days: recent.metLast30Days };
    },

    fold,
  };
}
