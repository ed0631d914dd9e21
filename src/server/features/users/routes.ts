import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { preferencesBody } from "../../../contract/users.js";
import { notFound } from "../../lib/errors.js";
import { toPublicUser, toUserProfile, type UsersService } from "./service.js";

export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/users/profile", { preHandler: app.requireUser }, async (request) => ({
    success: true,
    data: { user: toUserProfile(request.user) },
  }));

  r.put(
    "/users/preferences",
    { preHandler: app.requireUser, schema: { body: preferencesBody } },
    async (request) => {
      const user = await opts.users.updatePreferences(request.user, request.body);
      return { success: true, data: { user: toUserProfile(user) } };
    },
  );

  r.get(
    "/users/:id/public",
    // Unknown or malformed ids both read as "User not found".
    { schema: { params: z.object({ id: z.string().max(64) }) } },
    async (request) => {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(
        request.params.id,
      );
      if (!isUuid) throw notFound("User not found");
      const { user, extra } = await opts.users.publicProfile(request.params.id);
      const { email: _email, ...visible } = toPublicUser(user);
      return { success: true, data: { user: visible, ...extra } };
    },
  );
}
