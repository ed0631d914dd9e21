import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createBookingBody,
  createBookingHeaders,
  hostCancelBody,
  hostRescheduleBody,
  listBookingsQuery,
  noShowBody,
  publicCancelBody,
  publicRescheduleBody,
  publicTokenQuery,
  uidParams,
} from "../../../contract/bookings.js";
import { idParams } from "../../../contract/common.js";
import { bookingsResponses as responses } from "../../../contract/responses/bookings.js";
import type { RateLimits } from "../../config.js";
import type { UserRow } from "../../db/schema/index.js";
import type { BookingsService } from "./service.js";

/** Public writes (booking, answering a request by link) are limited per client address (trustProxy decides what that is). */
export const publicWriteLimit = (rateLimits: RateLimits) => ({
  config: {
    rateLimit: { max: rateLimits.publicBooking.max, timeWindow: rateLimits.publicBooking.windowMs },
  },
});

export async function bookingsRoutes(
  app: FastifyInstance,
  opts: { bookings: BookingsService; rateLimits: RateLimits; hostZone: (user: UserRow) => Promise<string> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { bookings, rateLimits } = opts;
  const limited = publicWriteLimit(rateLimits);
  const tags = ["bookings"];

  r.post(
    "/bookings",
    {
      ...limited,
      schema: { body: createBookingBody, headers: createBookingHeaders, tags, response: responses.create },
    },
    async (request, reply) => {
      const { booking, created } = await bookings.create(request.body, request.headers["idempotency-key"]);
      return reply.status(created ? 201 : 200).send({
        success: true,
        message: created ? "Booking confirmed" : "You are already booked at this time",
        data: booking,
      });
    },
  );

  r.get(
    "/bookings/public/:uid",
    { schema: { params: uidParams, querystring: publicTokenQuery, tags, response: responses.one } },
    async (request, reply) => {
      // Personal data behind a secret link: keep it out of shared caches.
      reply.header("Cache-Control", "no-store");
      return { success: true, data: await bookings.getPublic(request.params.uid, request.query.token) };
    },
  );

  r.get(
    "/bookings/public/:uid/ics",
    { schema: { params: uidParams, querystring: publicTokenQuery, tags, response: responses.ics } },
    async (request, reply) => {
      const ics = await bookings.icsPublic(request.params.uid, request.query.token);
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", 'attachment; filename="invite.ics"')
        .header("Cache-Control", "no-store")
        .send(ics);
    },
  );

  r.post(
    "/bookings/public/:uid/cancel",
    { ...limited, schema: { params: uidParams, body: publicCancelBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Booking Cancelled..",
      data: await bookings.cancelByInvitee(request.params.uid, request.body),
    }),
  );

  r.post(
    "/bookings/public/:uid/reschedule",
    { ...limited, schema: { params: uidParams, body: publicRescheduleBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Booking rescheduled",
      data: await bookings.rescheduleByInvitee(request.params.uid, request.body),
    }),
  );

  r.get(
    "/bookings",
    { schema: { querystring: listBookingsQuery, tags, response: responses.list } },
    async (request) => {
      // Date bounds are the host's days; instants need no zone.
      const { from, to } = request.query;
      const zone = [from, to].some((v) => v && !v.includes("T")) ? await opts.hostZone(request.user) : "UTC";
      const { data, pagination } = await bookings.list(request.user.id, zone, request.query);
      return { success: true, data, pagination };
    },
  );

  r.get(
    "/bookings/:id",
    { schema: { params: idParams, tags, response: responses.one } },
    async (request) => ({
      success: true,
      data: await bookings.get(request.user.id, request.params.id),
    }),
  );

  r.put(
    "/bookings/:id/cancel",
    { schema: { params: idParams, body: hostCancelBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Booking Cancelled..",
      data: await bookings.cancelByHost(request.user.id, request.params.id, request.body),
    }),
  );

  // A group meeting's every seat at once (issue 28 item 2); PUT /bookings/:id/cancel cancels one seat.
  r.put(
    "/bookings/:id/cancel-meeting",
    { schema: { params: idParams, body: hostCancelBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Meeting Cancelled..",
      data: await bookings.cancelMeetingByHost(request.user.id, request.params.id, request.body),
    }),
  );

  r.put(
    "/bookings/:id/reschedule",
    { schema: { params: idParams, body: hostRescheduleBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Booking rescheduled",
      data: await bookings.rescheduleByHost(request.user.id, request.params.id, request.body),
    }),
  );

  r.put(
    "/bookings/:id/no-show",
    { schema: { params: idParams, body: noShowBody, tags, response: responses.one } },
    async (request) => ({
      success: true,
      message: "Booking updated",
      data: await bookings.setNoShow(request.user.id, request.params.id, request.body.noShow),
    }),
  );
}
