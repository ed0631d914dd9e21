import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams } from "../../../contract/common.js";
import { usersResponses as responses } from "../../../contract/responses/users.js";
import type { AuthService } from "./service.js";

/** Settings > Security's list of signed-in devices: the host's sessions, ended one by one or all. */
export async function sessionsRoutes(app: FastifyInstance, opts: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth } = opts;

  r.get("/users/sessions", { schema: { response: responses.sessions } }, async (request) => ({
    success: true,
    data: await auth.listSessions(request.user.id, request.sessionId),
  }));

  r.delete(
    "/users/sessions/:id",
    { schema: { params: idParams, response: responses.done } },
    async (request) => {
      await auth.revokeSession(request.user.id, request.params.id);
      return { success: true, message: "Session signed out" };
    },
  );

  // Sign out everywhere, this session included.
  r.delete("/users/sessions", { schema: { response: responses.done } }, async (request) => {
    await auth.revokeSessions(request.user.id);
    return { success: true, message: "Signed out everywhere" };
  });
}
