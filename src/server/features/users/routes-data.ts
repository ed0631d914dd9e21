import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { usersResponses as responses } from "../../../contract/responses/users.js";
import { deleteAccountBody } from "../../../contract/users.js";
import type { AccountDataService } from "./service-data.js";

/** Settings > Data: download everything, delete the account. */
export async function accountDataRoutes(app: FastifyInstance, opts: { data: AccountDataService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/users/export", { schema: { response: responses.export } }, async (request, reply) => {
    const data = await opts.data.exportAll(request.user);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header("Content-Disposition", `attachment; filename="kairos-${request.user.username}-${day}.json"`)
      .header("Cache-Control", "no-store")
      .send({ success: true, data });
  });

  r.delete(
    "/users/me",
    { schema: { body: deleteAccountBody, response: responses.done } },
    async (request) => {
      await opts.data.deleteAccount(request.user, request.body.email);
      return { success: true, message: "Your account was deleted" };
    },
  );
}
