import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createApiKeyBody } from "../../../contract/api-keys.js";
import { idParams } from "../../../contract/common.js";
import { apiKeysResponses as responses } from "../../../contract/responses/api-keys.js";
import type { ApiKeysService } from "./service.js";

/** Settings > Developers: the host's API keys. Session only: lib/auth.ts refuses a key on these. */
export async function apiKeysRoutes(app: FastifyInstance, opts: { apiKeys: ApiKeysService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { apiKeys } = opts;
  const tags = ["api-keys"];

  r.get("/api-keys", { schema: { tags, response: responses.list } }, async (request) => ({
    success: true,
    data: await apiKeys.list(request.user.id),
  }));

  r.post(
    "/api-keys",
    { schema: { body: createApiKeyBody, tags, response: responses.created } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "API key created: copy it now, it is shown only once",
        data: await apiKeys.create(request.user.id, request.body),
      }),
  );

  r.delete(
    "/api-keys/:id",
    { schema: { params: idParams, tags, response: responses.revoked } },
    async (request) => {
      await apiKeys.revoke(request.user.id, request.params.id);
      return { success: true, message: "API key revoked" };
    },
  );
}
