import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { usersResponses as responses } from "../../../contract/responses/users.js";
import {
  changeEmailBody,
  changePasswordBody,
  forgotPasswordBody,
  resetPasswordBody,
  tokenBody,
} from "../../../contract/users.js";
import type { RateLimits } from "../../config.js";
import { toUserProfile } from "./service.js";
import type { SecurityService } from "./service-security.js";

/** Settings > Security, and the signed-out password reset and email confirmation links. */
export async function securityRoutes(
  app: FastifyInstance,
  opts: { security: SecurityService; rateLimits: RateLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { security, rateLimits } = opts;
  // Reset and confirmation requests share the login limit: they guess at secrets or send mail.
  const limited = { rateLimit: { max: rateLimits.login.max, timeWindow: rateLimits.login.windowMs } };

  r.put(
    "/users/password",
    { schema: { body: changePasswordBody, response: responses.done } },
    async (request) => {
      await security.changePassword(request.user, request.sessionId, request.body);
      return { success: true, message: "Password changed. Your other sessions were signed out." };
    },
  );

  r.post("/users/email", { schema: { body: changeEmailBody, response: responses.done } }, async (request) => {
    await security.requestEmailChange(request.user, request.body);
    return {
      success: true,
      message: `We sent a confirmation link to ${request.body.newEmail}. Your email changes when you open it.`,
    };
  });

  r.post(
    "/auth/confirm-email",
    { schema: { body: tokenBody, response: responses.withUser }, config: limited },
    async (request) => {
      const user = await security.confirmEmailChange(request.body.token);
      return {
        success: true,
        message: "Your email address was changed",
        data: { user: toUserProfile(user) },
      };
    },
  );

  r.post(
    "/auth/forgot-password",
    { schema: { body: forgotPasswordBody, response: responses.done }, config: limited },
    async (request) => {
      await security.forgotPassword(request.body.email);
      // The same answer whether or not the address has an account.
      return {
        success: true,
        message: "If an account exists for this address, we sent a link to reset its password.",
      };
    },
  );

  r.post(
    "/auth/reset-password",
    { schema: { body: resetPasswordBody, response: responses.done }, config: limited },
    async (request) => {
      await security.resetPassword(request.body);
      return { success: true, message: "Your password was reset. Sign in with the new password." };
    },
  );
}
