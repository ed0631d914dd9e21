import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventTypeRefParams, freeSlotsQuery, slotsQuery } from "../../../contract/bookings.js";
import { bookingsResponses as responses } from "../../../contract/responses/bookings.js";
import type { EventRef, LookupReport, SlotsService } from "../slots/service.js";

const uuid = z.uuid();
const refOf = (value: string, user?: string): EventRef =>
  uuid.safeParse(value).success ? { id: value } : user ? { slug: value, user } : { slug: value };

/** Public slot lookups for the booking page (spec section 7: GET /bookings/availability/{id}). */
export async function slotsRoutes(
  app: FastifyInstance,
  opts: {
    slots: SlotsService;
    /** The booking being moved, when the caller may move it (see BookingsService.excludable). */
    excludable: (q: {
      reschedule?: string;
      token?: string;
      excludeBookingId?: string;
      hostId?: string;
    }) => Promise<string | undefined>;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { slots } = opts;

  r.get(
    "/bookings/availability/:eventTypeId",
    {
      schema: {
        params: eventTypeRefParams,
        querystring: slotsQuery,
        tags: ["bookings"],
        response: responses.slots,
      },
    },
    async (request, reply) => {
      const { date, month, timezone, reschedule, token, excludeBookingId, user } = request.query;
      const ref = refOf(request.params.eventTypeId, user);
      // Slots move as bookings land: let nobody cache them.
      reply.header("Cache-Control", "no-store");
      let exclude: string | undefined;
      if (reschedule || excludeBookingId) {
        // Only the host's own session may name a booking by id; a bad or missing one just shows public slots.
        const hostId = excludeBookingId ? (await app.optionalSession(request))?.user.id : undefined;
        exclude = await opts.excludable({ reschedule, token, excludeBookingId, hostId });
      }
      const report: LookupReport = {};
      // Asked only of an incomplete event type: its owner still sees its slots (the poll's time picker).
      const viewer = async () => (await app.optionalSession(request))?.user.id;
      const data = month
        ? { days: await slots.daysInMonth(ref, month, timezone, exclude, report, viewer) }
        : await slots.forDate(ref, date as string, timezone, exclude, report, viewer);
      // A connected calendar did not answer in time: these slots rest on its last known busy times.
      return report.calendarsStale
        ? {
            success: true,
            data,
            message: "Some calendars did not answer in time; showing their last known busy times",
            busyTimesStale: true,
          }
        : { success: true, data };
    },
  );

  // The host's own free time (not public): the create dialog picks poll and one-off times from it.
  r.get(
    "/bookings/free-slots",
    { schema: { querystring: freeSlotsQuery, tags: ["bookings"], response: responses.freeSlots } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true, data: await slots.hostFreeSlots(request.user.id, request.query) };
    },
  );
}
