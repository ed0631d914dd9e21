import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { googleSignInBody, ssoCallbackBody, ssoProviderParam, ssoStartBody } from "../../../contract/auth.js";
import { authResponses as responses } from "../../../contract/responses/users.js";
import type { RateLimits } from "../../config.js";
import { toUserProfile } from "../users/service.js";
import type { SsoResult, SsoService } from "./service-sso.js";

/**
 * Sign-in with Google and OpenID Connect providers (spec section 7 "Auth"):
 *   GET  /auth/providers                  the providers set up here (buttons only for those)
 *   POST /auth/:provider/start {intent}   server-side state + the provider page to open in the popup
 *   POST /auth/google {access_token} | {code,state}
 *   POST /auth/:provider {code,state}     sbu, gameforce, or any SSO_<NAME>_ISSUER provider
 *   GET  /auth/identities, DELETE /auth/identities/:id   linked accounts of the signed-in user
 */
export async function ssoRoutes(app: FastifyInstance, opts: { sso: SsoService; rateLimits: RateLimits }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sso, rateLimits } = opts;
  const limited = { rateLimit: { max: rateLimits.login.max, timeWindow: rateLimits.login.windowMs } };

  /** The signed-in user when a valid token came along (linking); sign-in itself does not need one. */
  const optionalUser = async (request: FastifyRequest) => (await app.optionalSession(request))?.user ?? null;

  const answer = (result: SsoResult) =>
    result.intent === "sign-in"
      ? {
          success: true,
          message: result.created ? "Account created" : "Signed in",
          token: result.token,
          data: { intent: result.intent, created: result.created, user: toUserProfile(result.user) },
        }
      : {
          success: true,
          message: "Account linked",
          data: { intent: result.intent, identity: result.identity },
        };

  r.get("/auth/providers", { schema: { tags: ["auth"], response: responses.providers } }, async () => ({
    success: true,
    data: { providers: sso.providers() },
  }));

  r.post(
    "/auth/:provider/start",
    {
      schema: { params: ssoProviderParam, body: ssoStartBody, tags: ["auth"], response: responses.started },
      config: limited,
    },
    async (request) => {
      const user = await optionalUser(request);
      const authUrl = await sso.start(request.params.provider, request.body.intent, user);
      return { success: true, data: { authUrl } };
    },
  );

  r.post(
    "/auth/google",
    { schema: { body: googleSignInBody, tags: ["auth"], response: responses.ssoCallback }, config: limited },
    async (request) => answer(await sso.googleSignIn(request.body, await optionalUser(request))),
  );

  r.post(
    "/auth/:provider",
    {
      schema: {
        params: ssoProviderParam,
        body: ssoCallbackBody,
        tags: ["auth"],
        response: responses.ssoCallback,
      },
      config: limited,
    },
    async (request) =>
      answer(await sso.oidcCallback(request.params.provider, request.body, await optionalUser(request))),
  );

  r.get(
    "/auth/identities",
    { schema: { tags: ["auth"], response: responses.identities } },
    async (request) => ({
      success: true,
      data: {
        identities: await sso.listIdentities(request.user.id),
        hasPassword: request.user.passwordHash !== null,
      },
    }),
  );

  r.delete(
    "/auth/identities/:id",
    { schema: { params: z.object({ id: z.string() }), tags: ["auth"], response: responses.done } },
    async (request) => {
      await sso.removeIdentity(request.user.id, request.params.id);
      return { success: true, message: "Sign-in method removed" };
    },
  );
}
