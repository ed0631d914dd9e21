import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../../contract/common.js";
import { calendarsResponses as responses } from "../../../contract/responses/calendars.js";
import type { AccountsService } from "./service-accounts.js";
import type { GoogleAccountsService } from "./service-google.js";

const callbackBody = z.object({
  code: z
    .string({ message: "Missing authorization code or state parameter" })
    .min(1, "Missing authorization code or state parameter")
    .max(2048),
  state: z
    .string({ message: "Missing authorization code or state parameter" })
    .min(1, "Missing authorization code or state parameter")
    .max(512),
});

/**
 * The spec's Google calls (section 7): "Google accounts", the login-side "Google link" and the Google
 * parts of "Calendar settings". All act on the signed-in host's own Google accounts only.
 */
export async function googleAccountsRoutes(
  app: FastifyInstance,
  opts: { accounts: AccountsService; google: GoogleAccountsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, google } = opts;
  const tags = ["google-accounts"];

  r.get("/google-accounts", { schema: { tags, response: responses.list } }, async (request) => ({
    success: true,
    data: await accounts.list(request.user.id, "google"),
  }));

  const connect = async (request: { user: { id: string } }) => ({
    success: true,
    data: await google.connectUrl(request.user.id),
  });
  const connectSchema = { schema: { tags, response: responses.connectUrl } };
  r.get("/google-accounts/connect", connectSchema, connect);
  r.get("/auth/google/connect", connectSchema, connect);
  r.post("/calendar-settings/google/connect", connectSchema, connect);

  const callback = async (request: { user: { id: string }; body: z.infer<typeof callbackBody> }) => ({
    success: true,
    message: "Google account connected",
    data: await google.callback(request.user.id, request.body),
  });
  const callbackSchema = { schema: { body: callbackBody, tags, response: responses.account } };
  r.post("/google-accounts/callback", callbackSchema, callback);
  r.post("/auth/google/callback", callbackSchema, callback);

  r.put(
    "/google-accounts/:id/set-primary",
    { schema: { params: idParams, tags, response: responses.account } },
    async (request) => {
      await google.own(request.user.id, request.params.id);
      return {
        success: true,
        message: "Primary account updated",
        data: await accounts.setPrimary(request.user.id, request.params.id),
      };
    },
  );

  r.post(
    "/google-accounts/:id/refresh",
    { schema: { params: idParams, tags, response: responses.account } },
    async (request) => {
      await google.own(request.user.id, request.params.id);
      return {
        success: true,
        message: "Tokens refreshed",
        data: await accounts.refresh(request.user.id, request.params.id),
      };
    },
  );

  r.delete(
    "/google-accounts/:id",
    { schema: { params: idParams, tags, response: responses.done } },
    async (request) => {
      await google.own(request.user.id, request.params.id);
      await accounts.remove(request.user.id, request.params.id, request.log);
      return { success: true, message: "Account disconnected" };
    },
  );

  const status = async (request: { user: { id: string } }) => ({
    success: true,
    data: await google.status(request.user.id),
  });
  const statusSchema = { schema: { tags, response: responses.googleStatus } };
  r.get("/auth/google/status", statusSchema, status);
  r.get("/calendar-settings/google/status", statusSchema, status);

  const disconnect = async (request: { user: { id: string }; log: { warn(o: object, m: string): void } }) => {
    const removed = await google.disconnectAll(request.user.id, request.log);
    return { success: true, message: removed ? "Google disconnected" : "No Google account was connected" };
  };
  const disconnectSchema = { schema: { tags, response: responses.done } };
  r.delete("/auth/google/disconnect", disconnectSchema, disconnect);
  r.delete("/calendar-settings/google/disconnect", disconnectSchema, disconnect);
}
