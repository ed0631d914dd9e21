import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { embedSettingsBody } from "../../../contract/embed-settings.js";
import { embedsResponses as responses } from "../../../contract/responses/embeds.js";
import type { EmbedsService } from "./service.js";

/** Settings > Embeds: the sites allowed to embed the host's booking pages. */
export async function embedsRoutes(app: FastifyInstance, opts: { embeds: EmbedsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["embeds"];

  r.get("/embeds/settings", { schema: { tags, response: responses.settings } }, async (request) => ({
    success: true,
    data: await opts.embeds.settings(request.user),
  }));

  r.put(
    "/embeds/settings",
    { schema: { tags, body: embedSettingsBody, response: responses.settings } },
    async (request) => ({
      success: true,
      message: "Embed settings saved",
      data: await opts.embeds.update(request.user, request.body.allowedOrigins),
    }),
  );
}
