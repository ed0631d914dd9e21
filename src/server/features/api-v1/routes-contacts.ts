import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  v1ContactCreateBody,
  v1ContactsQuery,
  v1ContactUpdateBody,
  v1CreateHeaders,
  v1IdParams,
} from "../../../contract/api-v1.js";
import { v1Responses } from "../../../contract/responses/api-v1.js";
import type { ContactsFeature } from "../contacts/plugin.js";
import {
  type AnswerStore,
  decodeCursor,
  idempotent as idempotentCreate,
  keysetPage,
  v1Route,
} from "./service.js";

const responses = v1Responses.contacts;

/** /api/v1/contacts: list (with search), read, create, update, delete. */
export async function v1ContactsRoutes(
  app: FastifyInstance,
  opts: { contacts: ContactsFeature; answers: AnswerStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service: contacts, pages } = opts.contacts;
  const read = v1Route("contacts:read", "contacts");
  const write = v1Route("contacts:write", "contacts");

  r.get(
    "/contacts",
    {
      config: read.config,
      schema: {
        summary: "List contacts by creation; search by name, email, company (contacts:read)",
        tags: read.tags,
        querystring: v1ContactsQuery,
        response: responses.list,
      },
    },
    async (request) => {
      const { cursor, limit, search } = request.query;
      const rows = await pages.page(request.user.id, {
        search,
        after: decodeCursor(cursor),
        limit: limit + 1,
      });
      const page = keysetPage(rows, (x) => x.position, limit);
      return { data: page.data.map((x) => x.contact), nextCursor: page.nextCursor };
    },
  );

  r.get(
    "/contacts/:id",
    {
      config: read.config,
      schema: {
        summary: "Read a contact (contacts:read)",
        tags: read.tags,
        params: v1IdParams,
        response: responses.one,
      },
    },
    async (request) => ({ data: await contacts.get(request.user.id, request.params.id) }),
  );

  r.post(
    "/contacts",
    {
      config: write.config,
      schema: {
        summary: "Create a contact (contacts:write; Idempotency-Key)",
        tags: write.tags,
        headers: v1CreateHeaders,
        body: v1ContactCreateBody,
        response: responses.created,
      },
    },
    (request, reply) =>
      idempotentCreate(opts.answers, request, reply, async () => ({
        status: 201,
        body: { data: await contacts.create(request.user.id, request.body) },
      })),
  );

  r.patch(
    "/contacts/:id",
    {
      config: write.config,
      schema: {
        summary: "Update a contact (contacts:write)",
        tags: write.tags,
        params: v1IdParams,
        body: v1ContactUpdateBody,
        response: responses.one,
      },
    },
    async (request) => ({ data: await contacts.update(request.user.id, request.params.id, request.body) }),
  );

  r.delete(
    "/contacts/:id",
    {
      config: write.config,
      schema: {
        summary: "Delete a contact (contacts:write)",
        tags: write.tags,
        params: v1IdParams,
        response: responses.deleted,
      },
    },
    async (request, reply) => {
      await contacts.remove(request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
