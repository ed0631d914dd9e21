import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { declineBody, requestActionBody } from "../../../contract/approval.js";
import { publicTokenQuery, uidParams } from "../../../contract/bookings.js";
import { idParams } from "../../../contract/common.js";
import { requestResponses, bookingsResponses as responses } from "../../../contract/responses/bookings.js";
import type { RateLimits } from "../../config.js";
import { publicWriteLimit } from "./routes.js";
import type { BookingsService } from "./service.js";

/**
 * Answering booking requests (issue 28): the host from Meetings (by id, their own only), or anyone
 * holding the new-request mail's link (its token is the credential; public-routes.ts lists those).
 */
export async function bookingRequestRoutes(
  app: FastifyInstance,
  opts: { bookings: BookingsService; rateLimits: RateLimits },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bookings, rateLimits } = opts;
  const limited = publicWriteLimit(rateLimits);
  const tags = ["bookings"];

  r.post(
    "/bookings/:id/confirm",
    { schema: { params: idParams, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Booking confirmed",
      data: await bookings.confirmByHost(request.user.id, request.params.id),
    }),
  );

  r.post(
    "/bookings/:id/decline",
    { schema: { params: idParams, body: declineBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Request declined",
      data: await bookings.declineByHost(request.user.id, request.params.id, request.body.reason),
    }),
  );

  r.get(
    "/bookings/requests/:uid",
    { schema: { params: uidParams, querystring: publicTokenQuery, tags, response: requestResponses.one } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { success: true, data: await bookings.requestView(request.params.uid, request.query.token) };
    },
  );

  r.post(
    "/bookings/requests/:uid/confirm",
    {
      ...limited,
      schema: { params: uidParams, body: requestActionBody, tags, response: requestResponses.one },
    },
    async (request) => ({
      success: true,
      message: "Booking confirmed",
      data: await bookings.confirmByLink(request.params.uid, request.body.token),
    }),
  );

  r.post(
    "/bookings/requests/:uid/decline",
    {
      ...limited,
      schema: { params: uidParams, body: requestActionBody, tags, response: requestResponses.one },
    },
    async (request) => ({
      success: true,
      message: "Request declined",
      data: await bookings.declineByLink(request.params.uid, request.body.token, request.body.reason),
    }),
  );
}
