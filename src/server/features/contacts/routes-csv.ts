import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  contactFilterSchema,
  exportContactsBody,
  importJsonBody,
  MAX_UPLOAD_BYTES,
} from "../../../contract/contacts.js";
import { contactsResponses as responses } from "../../../contract/responses/contacts.js";
import { AppError, badRequest } from "../../lib/errors.js";
import type { ContactsCsvService } from "./service-csv.js";

const NOT_CSV = "Please select a CSV file.";
// Only CSV's own types: a `.txt` sent as text/plain or a spreadsheet as application/vnd.ms-excel is
// not a CSV (a `.csv` file passes by its name whatever type the browser gives it).
const CSV_TYPES = new Set(["text/csv", "application/csv", "text/x-csv", "text/comma-separated-values"]);

/** Spec: the file must be CSV by its MIME type or a .csv extension. */
export const looksLikeCsv = (filename: string, mimetype: string) =>
  /\.csv$/i.test(filename) || CSV_TYPES.has(mimetype.toLowerCase());

function timestamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

function sendCsv(reply: FastifyReply, filename: string, body: NodeJS.ReadableStream) {
  return reply
    .header("Content-Type", "text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${filename}"`)
    .header("Cache-Control", "no-store")
    .header("X-Content-Type-Options", "nosniff")
    .send(body);
}

export async function contactsCsvRoutes(app: FastifyInstance, opts: { contactsCsv: ContactsCsvService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contactsCsv: csv } = opts;
  const tags = ["contacts"];

  // The older JSON form ({contacts: [...]}) is parsed by Fastify; its body may be as large as a file.
  r.post(
    "/contacts/import",
    { bodyLimit: MAX_UPLOAD_BYTES, schema: { tags, response: responses.imported } },
    async (request, reply) => {
      const length = Number(request.headers["content-length"] ?? 0);
      // Refused before reading: the multipart framing adds a little to the 5 MB file.
      if (length > MAX_UPLOAD_BYTES + 64 * 1024) {
        throw new AppError("FILE_TOO_LARGE", "File size must be 5MB or less.");
      }
      let summary: Awaited<ReturnType<typeof csv.importCsv>>;
      if (request.isMultipart()) {
        const file = await request.file();
        if (file?.fieldname !== "file") {
          throw badRequest("Please choose a CSV file first.", { file: "Please choose a CSV file first." });
        }
        if (!looksLikeCsv(file.filename, file.mimetype)) {
          file.file.resume();
          throw new AppError("NOT_CSV", NOT_CSV);
        }
        // The upload is spooled to a temporary file first: the server's request timeout counts until the
        // whole body has arrived, and a large import would hold the body back for longer than that.
        // Rows are then read from the file as a stream, so memory stays flat either way.
        const dir = await mkdtemp(join(tmpdir(), "kairos-import-"));
        try {
          const path = join(dir, "upload.csv");
          const tooLarge = () => new AppError("FILE_TOO_LARGE", "File size must be 5MB or less.");
          await pipeline(file.file, createWriteStream(path)).catch((error: { code?: string }) => {
            throw error.code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge() : error;
          });
          // The limit is the file's own bytes (multipart's fileSize): a file cut off there is refused,
          // whatever the framing around it added to the request.
          if (file.file.truncated) throw tooLarge();
          summary = await csv.importCsv(
            request.user.id,
            createReadStream(path, { highWaterMark: 64 * 1024 }),
          );
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      } else {
        const parsed = importJsonBody.safeParse(request.body);
        if (!parsed.success) {
          throw badRequest("Send a CSV file in the multipart field 'file', or JSON {contacts: [...]}");
        }
        summary = await csv.importJson(request.user.id, parsed.data.contacts);
      }
      const { created, updated, failed } = summary;
      return reply.send({
        success: true,
        status: failed > 0 && created + updated === 0 ? "failed" : failed > 0 ? "partial" : "success",
        message: `Imported ${created} new, updated ${updated}, ${failed} failed`,
        summary,
        data: summary,
      });
    },
  );

  r.post(
    "/contacts/export",
    { schema: { body: exportContactsBody, tags, response: responses.csv } },
    async (request, reply) =>
      sendCsv(reply, `contacts_${timestamp(new Date())}.csv`, csv.exportCsv(request.user.id, request.body)),
  );

  r.get(
    "/contacts/export",
    { schema: { querystring: contactFilterSchema, tags, response: responses.csv } },
    async (request, reply) =>
      sendCsv(reply, `contacts_${timestamp(new Date())}.csv`, csv.exportCsv(request.user.id, request.query)),
  );

  r.get("/contacts/template", { schema: { tags, response: responses.csv } }, async (_request, reply) =>
    sendCsv(reply, "contacts_template.csv", csv.templateCsv()),
  );
}
