/**
 * An import's rows: each checked and turned into insert values, then written in batches
 * (service-csv.ts reads the file).
 */
import {
  CONTACT_PRIORITIES,
  CONTACT_STAGES,
  contactFields,
  type ImportFailure,
  type ImportSummary,
  MAX_REPORTED_FAILURES,
} from "../../../contract/contacts.js";
import { FILLABLE_FIELDS, type FillableField } from "../../../domain/contact-fields.js";
import { CSV_HEADERS, type CsvField, parseChoice, splitTags } from "../../../domain/contacts-csv.js";
import type { Db } from "../../db/client.js";
import { createContactsImportRepo, type ImportRow } from "./repo-import.js";

/** Rows written per statement: large enough to be fast, small enough to bound memory. */
const IMPORT_BATCH = 500;

/** The fields a cell gives as it stands (the others are parsed on their own below). */
const PLAIN_FIELDS = FILLABLE_FIELDS.filter(
  (f): f is Exclude<FillableField, "fullName" | "relationshipStage" | "priority" | "tags"> =>
    !["fullName", "relationshipStage", "priority", "tags"].includes(f),
);

/** Turns one row's raw cells into insert values, or the reason it cannot be imported. */
export function rowToContact(
  hostUserId: string,
  cells: Partial<Record<CsvField, string>>,
): { row: ImportRow } | { reason: string; email: string | null } {
  const rawEmail = cells.email?.trim() ?? "";
  const email = contactFields.email.safeParse(rawEmail);
  if (!email.success) {
    return {
      reason: rawEmail ? `Invalid email: ${email.error.issues[0]?.message}` : "Email is required",
      email: rawEmail ? rawEmail.slice(0, 254) : null,
    };
  }
  const fail = (reason: string) => ({ reason, email: email.data });
  const provided: string[] = [];
  const values: Record<string, unknown> = {};
  const name = contactFields.fullName.safeParse(cells.fullName ?? "");
  if (!name.success) return fail(name.error.issues[0]?.message ?? "Full name is required");
  values.fullName = name.data;
  provided.push("fullName");
  for (const field of PLAIN_FIELDS) {
    const cell = cells[field]?.trim() ?? "";
    if (!cell) continue;
    const parsed = contactFields[field].safeParse(cell);
    if (!parsed.success) return fail(`${CSV_HEADERS[field]}: ${parsed.error.issues[0]?.message}`);
    values[field] = parsed.data;
    provided.push(field);
  }
  const stage = parseChoice(cells.relationshipStage ?? "", CONTACT_STAGES);
  if (stage === null) return fail(`Relationship Stage must be one of ${CONTACT_STAGES.join(", ")}`);
  if (stage) {
    values.relationshipStage = stage;
    provided.push("relationshipStage");
  }
  const priority = parseChoice(cells.priority ?? "", CONTACT_PRIORITIES);
  if (priority === null) return fail(`Priority must be one of ${CONTACT_PRIORITIES.join(", ")}`);
  if (priority) {
    values.priority = priority;
    provided.push("priority");
  }
  if (cells.tags?.trim()) {
    const tags = contactFields.tags.safeParse(splitTags(cells.tags));
    if (!tags.success) return fail(`Tags: ${tags.error.issues[0]?.message}`);
    values.tags = tags.data;
    provided.push("tags");
  }
  return {
    row: {
      ...(values as Omit<ImportRow, "hostUserId" | "email" | "hostEdited">),
      hostUserId,
      email: email.data,
      source: "import",
      hostEdited: provided,
    },
  };
}

/** Collects rows into batches, upserts them, and keeps the summary. */
export function createImporter(db: Db, hostUserId: string, now: () => Date) {
  const importRepo = createContactsImportRepo(db);
  const summary: ImportSummary = { created: 0, updated: 0, failed: 0, failures: [], duplicates: [] };
  // Every email of the file so far and its last row, to tell the host which rows repeated one
  // (at most MAX_IMPORT_ROWS short strings).
  const lastRowOf = new Map<string, number>();
  let batch = new Map<string, { row: ImportRow; line: number }>();
  let flushed = false;
  let analyzed = false;

  function failure(f: ImportFailure) {
    summary.failed += 1;
    if (summary.failures.length < MAX_REPORTED_FAILURES) summary.failures.push(f);
  }

  /** The batch being written, if any: the next one is read and parsed meanwhile. */
  let writing: Promise<void> = Promise.resolve();

  async function write(entries: { row: ImportRow; line: number }[]) {
    try {
      const counts = await importRepo.upsertBatch(
        entries.map((e) => e.row),
        now(),
      );
      summary.created += counts.created;
      summary.updated += counts.updated;
    } catch {
      // A batch the database refuses is retried row by row, so one bad row fails alone.
      for (const { row, line } of entries) {
        try {
          const counts = await importRepo.upsertBatch([row], now());
          summary.created += counts.created;
          summary.updated += counts.updated;
        } catch (error) {
          failure({
            row: line,
            email: row.email,
            reason: `Could not be saved (${(error as Error).message.slice(0, 120)})`,
          });
        }
      }
    }
    // Once the first batch is in, so what reads the contacts next is planned on the host's real share
    // (PGlite runs no autovacuum).
    if (!analyzed) {
      analyzed = true;
      await importRepo.analyze();
    }
  }

  /**
   * Starts writing the batch once the previous one is written (batches stay in file order, one at
   * a time) and returns without waiting for it: the CSV's next rows are parsed on this thread while
   * the database (PGlite's thread, or PostgreSQL) writes. `finish` waits for the last one.
   */
  async function flush() {
    if (batch.size === 0) return;
    const entries = [...batch.values()];
    batch = new Map();
    flushed = true;
    // The previous batch's failure is thrown once, after this batch has started.
    const previous = await writing.then(
      () => null,
      (error: unknown) => ({ error }),
    );
    writing = write(entries);
    // Until the next flush or finish waits for it, its failure is not an unhandled rejection.
    writing.catch(() => {});
    if (previous) throw previous.error;
  }

  async function finish() {
    await flush();
    const last = writing;
    writing = Promise.resolve();
    await last;
    // Rows of a batch still being written could fail after later rows did: the report goes by row.
    summary.failures.sort((a, b) => a.row - b.row);
  }

  return {
    summary,
    failure,
    wroteAny: () => flushed,
    finish,
    async add(line: number, cells: Partial<Record<CsvField, string>>) {
      const result = rowToContact(hostUserId, cells);
      if ("reason" in result) return failure({ row: line, email: result.email, reason: result.reason });
      const email = result.row.email;
      const earlierRow = lastRowOf.get(email);
      if (earlierRow !== undefined && summary.duplicates.length < MAX_REPORTED_FAILURES) {
        summary.duplicates.push({ row: line, email, earlierRow });
      }
      lastRowOf.set(email, line);
      // The same email twice in one batch: as if the rows were upserted in order, the later one's
      // cells win over the earlier's, and the earlier counts as an update.
      const earlier = batch.get(email);
      let row = result.row;
      if (earlier) {
        summary.updated += 1;
        batch.delete(email);
        const given = Object.fromEntries(
          result.row.hostEdited.map((f) => [f, result.row[f as keyof ImportRow]]),
        );
        row = {
          ...earlier.row,
          ...given,
          hostEdited: [...new Set([...earlier.row.hostEdited, ...result.row.hostEdited])],
        };
      }
      batch.set(email, { row, line });
      if (batch.size >= IMPORT_BATCH) await flush();
    },
  };
}
