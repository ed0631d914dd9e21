import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardQuery } from "../../../contract/analytics.js";
import { analyticsResponses as responses } from "../../../contract/responses/analytics.js";
import type { AnalyticsService } from "./service.js";
import type { UpcomingService } from "./service-upcoming.js";

/** The host dashboard's figures (spec section 7: GET /analytics/dashboard?period=). */
export async function analyticsRoutes(
  app: FastifyInstance,
  opts: { analytics: AnalyticsService; upcoming: UpcomingService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/analytics/dashboard",
    { schema: { querystring: dashboardQuery, tags: ["analytics"], response: responses.dashboard } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true, data: await opts.analytics.dashboard(request.user, request.query.period) };
    },
  );

  /** The look ahead beside the period figures: next 7 and 30 days, and the next meeting. */
  r.get(
    "/analytics/upcoming",
    { schema: { tags: ["analytics"], response: responses.upcoming } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true, data: await opts.upcoming.upcoming(request.user) };
    },
  );
}
