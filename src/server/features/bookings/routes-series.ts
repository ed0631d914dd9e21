import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createBookingHeaders } from "../../../contract/bookings.js";
import { seriesResponses as responses } from "../../../contract/responses/bookings.js";
import { createSeriesBody, previewSeriesBody } from "../../../contract/series.js";
import type { RateLimits } from "../../config.js";
import { publicWriteLimit } from "./routes.js";
import type { BookingsService } from "./service.js";

/** Recurring bookings (issue 28 item 3): the invitee previews and books a series. Public. */
export async function bookingSeriesRoutes(
  app: FastifyInstance,
  opts: { bookings: BookingsService; rateLimits: RateLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bookings } = opts;
  const limited = publicWriteLimit(opts.rateLimits);
  const tags = ["bookings"];

  r.post(
    "/bookings/series/preview",
    { ...limited, schema: { body: previewSeriesBody, tags, response: responses.preview } },
    async (request) => ({ success: true, data: await bookings.previewSeries(request.body) }),
  );

  r.post(
    "/bookings/series",
    {
      ...limited,
      schema: { body: createSeriesBody, headers: createBookingHeaders, tags, response: responses.create },
    },
    async (request, reply) => {
      const { created, booking, series } = await bookings.createSeries(
        request.body,
        request.headers["idempotency-key"],
      );
      // A retry of the same series answers it again (200), as POST /bookings does.
      if (!created) {
        const data = { booking, series };
        return reply
          .status(200)
          .send({ success: true, message: "You are already booked at this time", data });
      }
      return reply
        .status(201)
        .send({ success: true, message: "Booking confirmed", data: { booking, series } });
    },
  );
}
