import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams } from "../../../contract/common.js";
import {
  bulkContactsBody,
  createContactBody,
  listContactsQuery,
  MAX_UPLOAD_BYTES,
  tagParams,
  tagsBody,
  updateContactBody,
} from "../../../contract/contacts.js";
import { contactsResponses as responses } from "../../../contract/responses/contacts.js";
import { AppError, badRequest } from "../../lib/errors.js";
import { contactsCsvRoutes } from "./routes-csv.js";
import type { ContactsService } from "./service.js";
import type { ContactsCsvService } from "./service-csv.js";
import type { ContactsListService } from "./service-list.js";

export const FILE_TOO_LARGE = "File size must be 5MB or less.";
const tooLarge = () => new AppError("FILE_TOO_LARGE", FILE_TOO_LARGE);

/** JPEG, PNG and GIF by their first bytes: the file's name and declared type are not trusted. */
export function sniffImage(head: Buffer): string | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  const sig = head.subarray(0, 6).toString("latin1");
  if (sig === "GIF87a" || sig === "GIF89a") return "image/gif";
  return null;
}

/** A multipart body bigger than the file limit plus room for the form's framing is refused unread. */
export function refuseLargeBody(request: FastifyRequest): void {
  const length = Number(request.headers["content-length"] ?? 0);
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) throw tooLarge();
}

export async function contactsRoutes(
  app: FastifyInstance,
  opts: { contacts: ContactsService; contactsList: ContactsListService; contactsCsv: ContactsCsvService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { contacts, contactsList } = opts;
  const tags = ["contacts"];
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });

  r.get(
    "/contacts",
    { schema: { querystring: listContactsQuery, tags, response: responses.list } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return contactsList.list(request.user.id, request.query);
    },
  );

  r.post(
    "/contacts",
    { schema: { body: createContactBody, tags, response: responses.created } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "Contact created",
        data: await contacts.create(request.user.id, request.body),
      }),
  );

  r.get(
    "/contacts/stats/overview",
    { schema: { tags, response: responses.stats } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true, data: await contactsList.stats(request.user.id, request.user.timezone) };
    },
  );

  r.post(
    "/contacts/bulk",
    { schema: { body: bulkContactsBody, tags, response: responses.bulk } },
    async (request) => ({
      success: true,
      data: await contactsList.bulk(request.user.id, request.body),
    }),
  );

  await app.register(contactsCsvRoutes, { contactsCsv: opts.contactsCsv });

  r.get(
    "/contacts/:id",
    { schema: { params: idParams, tags, response: responses.detail } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true, data: await contacts.get(request.user.id, request.params.id) };
    },
  );

  r.put(
    "/contacts/:id",
    { schema: { params: idParams, body: updateContactBody, tags, response: responses.contact } },
    async (request) => ({
      success: true,
      message: "Contact updated",
      data: await contacts.update(request.user.id, request.params.id, request.body),
    }),
  );

  r.delete(
    "/contacts/:id",
    { schema: { params: idParams, tags, response: responses.done } },
    async (request) => {
      await contacts.remove(request.user.id, request.params.id);
      return { success: true, message: "Contact deleted" };
    },
  );

  r.post(
    "/contacts/:id/tags",
    { schema: { params: idParams, body: tagsBody, tags, response: responses.contact } },
    async (request) => ({
      success: true,
      data: await contacts.addTags(request.user.id, request.params.id, request.body.tags),
    }),
  );

  r.delete(
    "/contacts/:id/tags/:tag",
    { schema: { params: tagParams, tags, response: responses.contact } },
    async (request) => ({
      success: true,
      data: await contacts.removeTag(request.user.id, request.params.id, request.params.tag),
    }),
  );

  r.get(
    "/contacts/:id/avatar",
    { schema: { params: idParams, tags, response: responses.avatar } },
    async (request, reply) => {
      const avatar = await contacts.avatar(request.user.id, request.params.id);
      // Only ever shown as an image: no sniffing into HTML, no scripts even if opened directly.
      return reply
        .header("Content-Type", avatar.contentType)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        .header("Content-Disposition", "inline")
        .header("Cache-Control", "private, max-age=31536000, immutable")
        .send(avatar.data);
    },
  );

  r.post(
    "/contacts/:id/avatar",
    { schema: { params: idParams, tags, response: responses.contact } },
    async (request) => {
      refuseLargeBody(request);
      if (!request.isMultipart()) {
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          "Send the picture as multipart/form-data in the field 'file'",
        );
      }
      const file = await request.file();
      if (file?.fieldname !== "file") throw badRequest("Choose a picture", { file: "Choose a picture" });
      const data = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
        throw error;
      });
      const type = sniffImage(data);
      if (!type) throw new AppError("UNSUPPORTED_IMAGE", "The picture must be a JPG, GIF or PNG image.");
      return {
        success: true,
        message: "Picture saved",
        data: await contacts.setAvatar(request.user.id, request.params.id, type, data),
      };
    },
  );

  r.delete(
    "/contacts/:id/avatar",
    { schema: { params: idParams, tags, response: responses.contact } },
    async (request) => ({
      success: true,
      data: await contacts.removeAvatar(request.user.id, request.params.id),
    }),
  );
}
