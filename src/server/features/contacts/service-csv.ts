import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type CsvError, parse } from "csv-parse";
import { stringify } from "csv-stringify";
import {
  CONTACT_PRIORITIES,
  CONTACT_STAGES,
  type ContactFilter,
  contactFields,
  type ImportFailure,
  type ImportSummary,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_FAILURES,
} from "../../../contract/contacts.js";
import { FILLABLE_FIELDS, type FillableField } from "../../../domain/contact-fields.js";
import {
  CSV_FIELDS,
  CSV_HEADERS,
  type CsvField,
  escapeCell,
  type HeaderMap,
  mapHeaders,
  missingHeaders,
  parseChoice,
  recordToFields,
  splitTags,
  TEMPLATE_ROWS,
} from "../../../domain/contacts-csv.js";
import type { Db } from "../../db/client.js";
import type { ContactRow } from "../../db/schema/index.js";
import { AppError, badRequest } from "../../lib/errors.js";
import { createContactsRepo } from "./repo.js";
import { createContactsImportRepo, type ImportRow } from "./repo-import.js";
import { createContactsListRepo } from "./repo-list.js";

/** Rows written per statement: large enough to be fast, small enough to bound memory. */
const IMPORT_BATCH = 500;
const EXPORT_BATCH = 1000;
/** A single CSV record longer than this is refused (a runaway quote swallowing the file). */
const MAX_RECORD_CHARS = 200_000;

export const NOT_TEXT = "The file is not a CSV text file (UTF-8).";

const EXPORT_HEADERS = [
  ...CSV_FIELDS.map((f) => CSV_HEADERS[f]),
  "Total Meetings",
  "Last Meeting Date",
  "Created At",
  "Source",
  "Source Details",
];

/** Refuses bytes that are not UTF-8 text (binary files named .csv), chunk by chunk. */
class Utf8Check extends Transform {
  private decoder = new TextDecoder("utf-8", { fatal: true });
  seen = 0;
  _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    try {
      const text = this.decoder.decode(chunk, { stream: true });
      if (text.includes("\u0000")) throw new Error("NUL");
      this.seen += chunk.length;
      done(null, chunk);
    } catch {
      // Not text from the start: not a CSV at all (415); a text file broken later: a bad file (400).
      done(this.seen === 0 ? new AppError("NOT_CSV", NOT_TEXT) : badRequest(NOT_TEXT));
    }
  }
  _flush(done: TransformCallback) {
    try {
      this.decoder.decode();
      done();
    } catch {
      done(new AppError("NOT_CSV", NOT_TEXT));
    }
  }
}

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
function createImporter(db: Db, hostUserId: string, now: () => Date) {
  const importRepo = createContactsImportRepo(db);
  const repo = createContactsRepo(db);
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

  async function flush() {
    if (batch.size === 0) return;
    const entries = [...batch.values()];
    batch = new Map();
    flushed = true;
    try {
      const counts = await importRepo.upsertBatch(entries.map((e) => e.row));
      summary.created += counts.created;
      summary.updated += counts.updated;
    } catch {
      // A batch the database refuses is retried row by row, so one bad row fails alone.
      for (const { row, line } of entries) {
        try {
          const counts = await importRepo.upsertBatch([row]);
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
    // Once the first batch is in, so later batches' recounts are planned on the host's real share.
    if (!analyzed) {
      analyzed = true;
      await importRepo.analyze();
    }
    await repo.recountEmails(
      hostUserId,
      entries.map((e) => e.row.email),
      now(),
    );
  }

  return {
    summary,
    failure,
    wroteAny: () => flushed,
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
    flush,
  };
}

export function createContactsCsvService(db: Db, deps: { now: () => Date; maxRows?: number }) {
  const list = createContactsListRepo(db);
  const maxRows = deps.maxRows ?? MAX_IMPORT_ROWS;

  return {
    /**
     * Imports a CSV stream row by row in batches; a failed row never stops the others, and batches
     * already written stay written whatever happens later. Refuses a stream that is not UTF-8 text
     * before any row is written (415).
     */
    async importCsv(hostUserId: string, input: Readable): Promise<ImportSummary> {
      const importer = createImporter(db, hostUserId, deps.now);
      let header: HeaderMap | null = null;
      let line = 1;
      let stopped: string | null = null;
      const parser = parse({
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        max_record_size: MAX_RECORD_CHARS,
        skip_records_with_error: true,
        on_skip: (err?: CsvError) => {
          line += 1;
          importer.failure({
            row: line,
            email: null,
            reason: `Malformed CSV row: ${err?.message ?? "unreadable"}`,
          });
          return undefined;
        },
      });
      // Errors of the upload or the UTF-8 check reach the loop below through the parser.
      const reading = pipeline(input, new Utf8Check(), parser).catch(() => {});
      try {
        for await (const record of parser as AsyncIterable<string[]>) {
          if (!header) {
            header = mapHeaders(record);
            const missing = missingHeaders(header);
            if (missing) throw badRequest(`${missing}. Download the template to see the expected columns.`);
            continue;
          }
          line += 1;
          if (line - 1 > maxRows) {
            stopped = `The file has more than ${maxRows.toLocaleString("en-US")} rows; rows from ${line} on were not imported.`;
            break;
          }
          if (record.length !== header.length) {
            importer.failure({
              row: line,
              email: null,
              reason: `Row has ${record.length} fields; the header has ${header.length}`,
            });
            continue;
          }
          await importer.add(line, recordToFields(header, record));
        }
      } catch (error) {
        // Before anything is written, a refused file (too large, not text, no header) changes nothing.
        if (!importer.wroteAny()) throw asAppError(error);
        stopped = readError(error);
      } finally {
        input.resume();
        parser.destroy();
        await reading;
      }
      if (!header) throw badRequest("The file is empty. Download the template to see the expected columns.");
      await importer.flush();
      if (stopped) importer.failure({ row: line + 1, email: null, reason: stopped });
      return importer.summary;
    },

    /** The older JSON form: {contacts: [{fullName, email, ...}]} with the CSV's field names. */
    async importJson(hostUserId: string, items: Record<string, unknown>[]): Promise<ImportSummary> {
      const importer = createImporter(db, hostUserId, deps.now);
      for (const [i, item] of items.entries()) {
        const keys = Object.keys(item);
        const header = mapHeaders(keys);
        const record = keys.map((k) => {
          const v = item[k];
          return typeof v === "string" ? v : Array.isArray(v) ? v.join(",") : v == null ? "" : String(v);
        });
        await importer.add(i + 2, recordToFields(header, record));
      }
      await importer.flush();
      return importer.summary;
    },

    /** The contacts the filter matches as a CSV stream, read from the database in batches. */
    exportCsv(hostUserId: string, filter: ContactFilter): Readable {
      async function* rows() {
        let after: { name: string; id: string } | null = null;
        for (;;) {
          const batch: ContactRow[] = await list.exportBatch(hostUserId, filter, after, EXPORT_BATCH);
          for (const c of batch) yield exportRecord(c);
          if (batch.length < EXPORT_BATCH) return;
          const last = batch[batch.length - 1];
          after = { name: last.fullName.toLowerCase(), id: last.id };
        }
      }
      const out = stringify({ bom: true, header: true, columns: EXPORT_HEADERS });
      Readable.from(rows())
        .on("error", (error) => out.destroy(error))
        .pipe(out);
      return out;
    },

    templateCsv(): Readable {
      const out = stringify({ header: true, columns: CSV_FIELDS.map((f) => CSV_HEADERS[f]) });
      for (const row of TEMPLATE_ROWS) out.write(CSV_FIELDS.map((f) => escapeCell(row[f])));
      out.end();
      return out;
    },
  };
}

export type ContactsCsvService = ReturnType<typeof createContactsCsvService>;

function exportRecord(c: ContactRow): string[] {
  return [
    ...CSV_FIELDS.map((f) => escapeCell(f === "tags" ? c.tags.join(", ") : c[f])),
    String(c.totalMeetings),
    c.lastMeetingAt?.toISOString() ?? "",
    c.createdAt.toISOString(),
    c.source,
    escapeCell(sourceDetails(c.sourceAttribution)),
  ];
}

/** A booking's UTM and metadata as one cell: "utm_source=newsletter; utm_campaign=spring; plan=pro". */
function sourceDetails(attribution: ContactRow["sourceAttribution"]): string {
  if (!attribution) return "";
  return Object.entries({ ...attribution.utm, ...attribution.metadata })
    .map(([key, value]) => `${key}=${value}`)
    .join("; ");
}

function readError(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const code = (error as { code?: string }).code;
  if (code === "CSV_QUOTE_NOT_CLOSED")
    return "A quoted field is never closed; the rest of the file could not be read.";
  if (code === "FST_REQ_FILE_TOO_LARGE") return "File size must be 5MB or less.";
  return `The file could not be read further: ${(error as Error).message?.slice(0, 160) ?? "unknown error"}`;
}

function asAppError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new AppError("FILE_TOO_LARGE", "File size must be 5MB or less.");
  if (code?.startsWith("CSV_")) return badRequest(readError(error));
  return error;
}
