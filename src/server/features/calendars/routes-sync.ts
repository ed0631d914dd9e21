import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { calendarsResponses as responses } from "../../../contract/responses/calendars.js";
import type { CalendarSync } from "./service-sync.js";

const query = z.object({
  bookingIds: z
    .string({ message: "Give booking ids" })
    .transform((v) => v.split(",").filter(Boolean))
    .pipe(z.array(z.uuid({ message: "Invalid id" })).max(200, "At most 200 ids")),
});

/** How bookings' calendar events are doing (written, waiting for a retry, failed), for the meetings screen. */
export async function calendarSyncRoutes(app: FastifyInstance, opts: { sync: CalendarSync }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/calendar-sync",
    { schema: { querystring: query, tags: ["calendar-accounts"], response: responses.syncStates } },
    async (request) => ({
      success: true,
      data: await opts.sync.states(request.user.id, request.query.bookingIds),
    }),
  );
}
