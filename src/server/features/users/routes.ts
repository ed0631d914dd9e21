import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type PublicProfileAnswer, usersResponses as responses } from "../../../contract/responses/users.js";
import {
  AVATAR_MAX_BYTES,
  preferencesBody,
  updateProfileBody,
  updateUsernameBody,
} from "../../../contract/users.js";
import { AppError } from "../../lib/errors.js";
import { toUserProfile, type UsersService } from "./service.js";

/** The host's profile, username and avatar, and the public profile (spec: GET /users/profile). */
export async function usersRoutes(app: FastifyInstance, opts: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { users } = opts;
  // Only the avatar route reads multipart bodies; files over the limit fail with 413.
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });

  r.get("/users/profile", { schema: { response: responses.withUser } }, async (request) => ({
    success: true,
    data: { user: toUserProfile(request.user) },
  }));

  r.put(
    "/users/profile",
    { schema: { body: updateProfileBody, response: responses.withUser } },
    async (request) => ({
      success: true,
      message: "Profile updated",
      data: { user: toUserProfile(await users.updateProfile(request.user, request.body)) },
    }),
  );

  r.put(
    "/users/preferences",
    { schema: { body: preferencesBody, response: responses.withUser } },
    async (request) => {
      const user = await users.updatePreferences(request.user, request.body);
      return { success: true, data: { user: toUserProfile(user) } };
    },
  );

  r.put(
    "/users/username",
    { schema: { body: updateUsernameBody, response: responses.withUser } },
    async (request) => ({
      success: true,
      message: "Username updated",
      data: { user: toUserProfile(await users.changeUsername(request.user, request.body.username)) },
    }),
  );

  r.post("/users/avatar", { schema: { response: responses.withUser } }, async (request) => {
    if (!request.isMultipart()) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Upload the image as multipart/form-data");
    }
    const file = await request.file();
    if (!file) throw new AppError("VALIDATION_ERROR", "Choose an image to upload", { avatar: "Required" });
    const data = await file.toBuffer();
    return {
      success: true,
      message: "Avatar updated",
      data: { user: toUserProfile(await users.setAvatar(request.user, data)) },
    };
  });

  r.delete("/users/avatar", { schema: { response: responses.withUser } }, async (request) => ({
    success: true,
    message: "Avatar removed",
    data: { user: toUserProfile(await users.removeAvatar(request.user)) },
  }));

  r.get(
    "/users/:id/avatar",
    { schema: { params: z.object({ id: z.string().max(64) }), response: responses.avatar } },
    async (request, reply) => {
      const avatar = await users.avatar(request.params.id);
      // The URL carries a version (?v=), so a new upload is a new URL.
      return reply
        .header("Content-Type", avatar.contentType)
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .header("Content-Disposition", "inline")
        .send(avatar.data);
    },
  );

  r.get(
    "/users/:id/public",
    // By id (/user/:userId) or username (/{username}); unknown and malformed both read "User not found".
    { schema: { params: z.object({ id: z.string().max(64) }), response: responses.publicProfile } },
    async (request) => ({
      success: true,
      // Features add their parts to the profile (event types); the schema names each of them.
      data: (await users.publicProfileView(request.params.id)) as PublicProfileAnswer,
    }),
  );
}
