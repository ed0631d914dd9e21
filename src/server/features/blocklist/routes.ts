import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { blockRuleBody, disposableBody } from "../../../contract/blocklist.js";
import { idParams } from "../../../contract/common.js";
import { blocklistResponses as responses } from "../../../contract/responses/blocklist.js";
import type { BlocklistService } from "./service.js";

/** The host's blocked bookers (Settings > Blocked bookers); host-only, like everything not public. */
export async function blocklistRoutes(app: FastifyInstance, opts: { blocklist: BlocklistService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = opts.blocklist;
  const tags = ["blocklist"];

  r.get("/blocklist", { schema: { tags, response: responses.view } }, async (request) => ({
    success: true,
    data: await service.view(request.user.id),
  }));

  r.post(
    "/blocklist",
    { schema: { body: blockRuleBody, tags, response: responses.added } },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        message: "Blocked",
        data: await service.add(request.user.id, request.body),
      }),
  );

  r.delete(
    "/blocklist/:id",
    { schema: { params: idParams, tags, response: responses.removed } },
    async (request) => {
      await service.remove(request.user.id, request.params.id);
      return { success: true, message: "Unblocked" };
    },
  );

  r.put(
    "/blocklist/disposable",
    { schema: { body: disposableBody, tags, response: responses.disposable } },
    async (request) => ({
      success: true,
      message: request.body.enabled
        ? "Disposable e-mail domains blocked"
        : "Disposable e-mail domains allowed",
      data: await service.setDisposable(request.user.id, request.body.enabled),
    }),
  );
}
