import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams, noBody } from "../../../contract/common.js";
import { workflowsResponses as responses } from "../../../contract/responses/workflows.js";
import { executionsQuery, workflowBody } from "../../../contract/workflows.js";
import type { WorkflowsService } from "./service.js";

const executionParams = idParams.extend({ executionId: z.string().uuid({ message: "Invalid id" }) });

export async function workflowsRoutes(app: FastifyInstance, opts: { workflows: WorkflowsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { workflows } = opts;
  const tags = ["workflows"];

  r.get("/workflows", { schema: { tags, response: responses.list } }, async (request) => ({
    success: true,
    data: await workflows.list(request.user.id),
  }));

  r.post(
    "/workflows",
    { schema: { body: workflowBody, tags, response: responses.created } },
    async (request, reply) => {
      const data = await workflows.create(request.user, request.body);
      return reply.status(201).send({ success: true, message: "Workflow created", data });
    },
  );

  r.get(
    "/workflows/templates/list",
    { schema: { tags, response: responses.templates } },
    async (request) => ({
      success: true,
      data: workflows.templates(request.user.appLanguage),
    }),
  );

  r.get(
    "/workflows/:id",
    { schema: { params: idParams, tags, response: responses.workflow } },
    async (request) => ({
      success: true,
      data: await workflows.get(request.user.id, request.params.id),
    }),
  );

  r.put(
    "/workflows/:id",
    { schema: { params: idParams, body: workflowBody, tags, response: responses.workflow } },
    async (request) => ({
      success: true,
      message: "Workflow updated",
      data: await workflows.update(request.user, request.params.id, request.body),
    }),
  );

  r.delete(
    "/workflows/:id",
    { schema: { params: idParams, tags, response: responses.done } },
    async (request) => {
      await workflows.remove(request.user.id, request.params.id);
      return { success: true, message: "Workflow deleted" };
    },
  );

  r.put(
    "/workflows/:id/toggle",
    { schema: { params: idParams, body: noBody, tags, response: responses.workflow } },
    async (request) => {
      const data = await workflows.toggle(request.user.id, request.params.id);
      return { success: true, message: data.isActive ? "Workflow activated" : "Workflow paused", data };
    },
  );

  r.get(
    "/workflows/:id/executions",
    { schema: { params: idParams, querystring: executionsQuery, tags, response: responses.executions } },
    async (request) => {
      const page = await workflows.executions(request.user, request.params.id, request.query);
      return { success: true, ...page };
    },
  );

  r.post(
    "/workflows/:id/executions/:executionId/retry",
    { schema: { params: executionParams, body: noBody, tags, response: responses.execution } },
    async (request) => ({
      success: true,
      message: "Retry scheduled",
      data: await workflows.retryExecution(request.user.id, request.params.id, request.params.executionId),
    }),
  );

  r.post(
    "/workflows/:id/test",
    { schema: { params: idParams, body: noBody, tags, response: responses.tested } },
    async (request) => {
      const data = await workflows.test(request.user, request.params.id);
      const ok = data.every((d) => d.ok);
      return { success: true, message: ok ? "Test sent" : "Some actions failed", data };
    },
  );

  r.post(
    "/workflows/:id/secret",
    { schema: { params: idParams, body: noBody, tags, response: responses.workflow } },
    async (request) => ({
      success: true,
      message: "Signing secret rotated",
      data: await workflows.rotateSecret(request.user.id, request.params.id),
    }),
  );
}
