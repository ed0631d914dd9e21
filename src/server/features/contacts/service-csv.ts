import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type CsvError, parse } from "csv-parse";
import { stringify } from "csv-stringify";
import { type ContactFilter, type ImportSummary, MAX_IMPORT_ROWS } from "../../../contract/contacts.js";
import {
  CSV_FIELDS,
  CSV_HEADERS,
  escapeCell,
  type HeaderMap,
  mapHeaders,
  missingHeaders,
  recordToFields,
  TEMPLATE_ROWS,
} from "../../../domain/contacts-csv.js";
import type { Db } from "../../db/client.js";
import type { ContactRow } from "../../db/schema/index.js";
import { AppError, badRequest } from "../../lib/errors.js";
import { createContactsListRepo } from "./repo-list.js";
import { createImporter } from "./service-import.js";

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
      await importer.finish();
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
      await importer.finish();
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
