import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventTypeRefParams, slotsQuery } from "../../../contract/bookings.js";
import type { EventRef, SlotsService } from "./service.js";

const uuid = z.uuid();
const refOf = (value: string): EventRef => (uuid.safeParse(value).success ? { id: value } : { slug: value });

/** Public slot lookups for the booking page (spec section 7: GET /bookings/availability/{id}). */
export async function slotsRoutes(app: FastifyInstance, opts: { slots: SlotsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { slots } = opts;

  r.get(
    "/bookings/availability/:eventTypeId",
    { schema: { params: eventTypeRefParams, querystring: slotsQuery, tags: ["bookings"] } },
    async (request, reply) => {
      const { date, month, timezone } = request.query;
      const ref = refOf(request.params.eventTypeId);
      // Slots move as bookings land: let nobody cache them.
      reply.header("Cache-Control", "no-store");
      if (month) return { success: true, data: { days: await slots.daysInMonth(ref, month, timezone) } };
      return { success: true, data: await slots.forDate(ref, date as string, timezone) };
    },
  );
}
