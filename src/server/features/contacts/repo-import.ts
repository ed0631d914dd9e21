import { is, SQL, sql } from "drizzle-orm";
import { FILLABLE_FIELDS } from "../../../domain/contact-fields.js";
import type { DbOrTx } from "../../db/client.js";
import { contactCounts, contacts, type NewContactRow } from "../../db/schema/index.js";
import { meetingCounts } from "./repo.js";

/**
 * One imported row: the full insert values, plus in `hostEdited` the fields the row actually
 * brought (non-empty cells). On an existing contact only those fields change.
 */
export type ImportRow = NewContactRow & { hostEdited: string[] };

/**
 * The columns an import writes. A field a row did not bring takes its column's default, filled in
 * here, so every batch is one statement of one text with one JSON parameter: drizzle building a
 * 500-row VALUES list (13,000 parameters) was a third of a 50k import's time on PostgreSQL (issue 30).
 */
const IMPORT_COLUMNS = ["hostUserId", "email", "source", "hostEdited", ...FILLABLE_FIELDS] as const;
const defaults = Object.fromEntries(
  FILLABLE_FIELDS.map((field) => {
    const value = contacts[field].default;
    if (is(value, SQL)) throw new Error(`contacts.${field}: an import fills defaults in JavaScript`);
    return [field, value];
  }),
);
const columnList = sql.raw(IMPORT_COLUMNS.map((f) => `"${contacts[f].name}"`).join(", "));
const recordType = sql.raw(
  IMPORT_COLUMNS.map((f) => `"${contacts[f].name}" ${contacts[f].getSQLType()}`).join(", "),
);
/** For each field: the row's value when the row brought it, else what the contact has. */
const updateSet = sql.raw(
  FILLABLE_FIELDS.map((field) => {
    const name = contacts[field].name;
    return `"${name}" = case when '${field}' = any(excluded.host_edited) then excluded."${name}" else "contacts"."${name}" end`;
  }).join(",\n"),
);

export function createContactsImportRepo(db: DbOrTx) {
  return {
    /**
     * Refreshes the planner's statistics of the contacts. PGlite runs no autovacuum, so without this
     * it never learns that one host owns most rows: a recount after an import once was planned as a
     * scan of all the host's contacts (49,500 rows filtered for 500, 114 ms), and the list's reads
     * would be planned on the same guesses.
     */
    async analyze(): Promise<void> {
      await db.execute(sql`analyze ${contacts}`);
    },

    /**
     * Upserts a batch by email in one statement (emails unique within the batch). The host typed
     * these values, so the fields each row brought join the contact's host-edited ones. Each contact's
     * meeting counts (as recountMeetings counts them at `now`) are written in the same statement: a
     * recount after it rewrote every contact of the batch that had meetings and probed all of them,
     * 15-25% of a 50k import on PGlite (issue 30).
     */
    async upsertBatch(rows: ImportRow[], now: Date): Promise<{ created: number; updated: number }> {
      if (rows.length === 0) return { created: 0, updated: 0 };
      const records = rows.map((row) =>
        Object.fromEntries(
          IMPORT_COLUMNS.map((f) => [contacts[f].name, row[f] ?? defaults[f as keyof typeof defaults]]),
        ),
      );
      const { rows: counts } = (await db.execute(sql`
        with written as (
          insert into ${contacts} (${columnList}, total_meetings, last_meeting_at, counts_valid_until)
          select ${columnList}, s.n, s.last, s.next
          from json_to_recordset(${JSON.stringify(records)}::json) as r(${recordType})
          cross join lateral ${meetingCounts(sql.raw("r.host_user_id"), sql.raw("r.email"), now)} s
          on conflict (host_user_id, email) do update set ${updateSet},
            host_edited = array(select distinct unnest("contacts"."host_edited" || excluded.host_edited)),
            total_meetings = excluded.total_meetings,
            last_meeting_at = excluded.last_meeting_at,
            counts_valid_until = excluded.counts_valid_until,
            updated_at = now()
          returning (xmax = 0) as created, host_user_id, relationship_stage, priority, source),
        -- The contacts this batch created, one row per cell: the insert trigger of contacts, which
        -- costs a call per row, skips imported ones (migration 0051).
        counted as (
          insert into ${contactCounts} (host_user_id, relationship_stage, priority, n)
          select host_user_id, relationship_stage, priority, count(*) from written
          where created and source = 'import'
          group by 1, 2, 3)
        select count(*) filter (where created)::int as created, count(*)::int as total from written`)) as unknown as {
        rows: { created: number; total: number }[];
      };
      const [{ created, total }] = counts;
      return { created, updated: total - created };
    },
  };
}
