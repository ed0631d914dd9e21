import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { loginBody, registerBody } from "../../../contract/auth.js";
import { authResponses as responses } from "../../../contract/responses/users.js";
import type { RateLimits } from "../../config.js";
import { bearerToken } from "../../lib/auth.js";
import { toUserProfile } from "../users/service.js";
import type { AuthService } from "./service.js";

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; rateLimits: RateLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, rateLimits } = opts;

  r.post(
    "/auth/register",
    {
      schema: { body: registerBody, tags: ["auth"], response: responses.registered },
      config: { rateLimit: { max: rateLimits.register.max, timeWindow: rateLimits.register.windowMs } },
    },
    async (request, reply) => {
      const { user, token } = await auth.register(request.body, request.headers["user-agent"]);
      return reply.status(201).send({
        success: true,
        message: "Account created",
        token,
        data: { user: toUserProfile(user) },
      });
    },
  );

  r.post(
    "/auth/login",
    {
      schema: { body: loginBody, tags: ["auth"], response: responses.signedIn },
      config: { rateLimit: { max: rateLimits.login.max, timeWindow: rateLimits.login.windowMs } },
    },
    async (request) => {
      const { user, token } = await auth.login(request.body, request.headers["user-agent"]);
      return { success: true, message: "Signed in", token, data: { user: toUserProfile(user) } };
    },
  );

  r.get("/auth/me", { schema: { tags: ["auth"], response: responses.me } }, async (request) => ({
    success: true,
    data: { user: toUserProfile(request.user) },
  }));

  r.post("/auth/logout", { schema: { tags: ["auth"], response: responses.done } }, async (request) => {
    const token = bearerToken(request);
    if (token) await auth.logout(token);
    return { success: true, message: "Signed out" };
  });
}
