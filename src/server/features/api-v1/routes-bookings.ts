import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  v1BookingCancelBody,
  v1BookingCreateBody,
  v1BookingRescheduleBody,
  v1BookingsQuery,
  v1CreateHeaders,
  v1IdParams,
  v1NoShowBody,
} from "../../../contract/api-v1.js";
import { v1Responses } from "../../../contract/responses/api-v1.js";
import type { BookingsFeature } from "../bookings/plugin.js";
import type { EventTypesFeature } from "../event-types/plugin.js";
import { decodeCursor, keysetPage, v1Route } from "./service.js";

const responses = v1Responses.bookings;

/**
 * /api/v1/bookings. A booking made here goes through the booking page's own call (BookingsService
 * create: the same checks, mails, workflows, calendar writes and contacts) and its Idempotency-Key.
 */
export async function v1BookingsRoutes(
  app: FastifyInstance,
  opts: { bookings: BookingsFeature; eventTypes: EventTypesFeature["service"] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service: bookings, pages } = opts.bookings;
  const read = v1Route("bookings:read", "bookings");
  const write = v1Route("bookings:write", "bookings");

  r.get(
    "/bookings",
    {
      config: read.config,
      schema: {
        summary: "List bookings by start; filters status, from, to, eventTypeId (bookings:read)",
        tags: read.tags,
        querystring: v1BookingsQuery,
        response: responses.list,
      },
    },
    async (request) => {
      const { cursor, limit, ...filters } = request.query;
      const after = decodeCursor(cursor);
      const rows = await pages.page(request.user.id, {
        ...filters,
        after: after && { start: after[0], id: after[1] },
        limit: limit + 1,
      });
      return keysetPage(rows, (b) => [b.startTime, b._id], limit);
    },
  );

  r.get(
    "/bookings/:id",
    {
      config: read.config,
      schema: {
        summary: "Read a booking (bookings:read)",
        tags: read.tags,
        params: v1IdParams,
        response: responses.one,
      },
    },
    async (request) => ({ data: await bookings.get(request.user.id, request.params.id) }),
  );

  r.post(
    "/bookings",
    {
      config: write.config,
      schema: {
        summary: "Book a slot as the booking page does (bookings:write; Idempotency-Key)",
        tags: write.tags,
        headers: v1CreateHeaders,
        body: v1BookingCreateBody,
        response: responses.created,
      },
    },
    async (request, reply) => {
      // Only the host's own event types (another host's is not found, as any id that is not theirs).
      await opts.eventTypes.get(request.user, request.body.eventTypeId);
      const { booking, created } = await bookings.create(request.body, request.headers["idempotency-key"]);
      // The host sees the whole booking, also on a retry (the booking page shows a retrier less).
      const data = await bookings.get(request.user.id, booking._id);
      return reply.status(created ? 201 : 200).send({ data });
    },
  );

  r.post(
    "/bookings/:id/cancel",
    {
      config: write.config,
      schema: {
        summary: "Cancel a booking; the invitee is told (bookings:write)",
        tags: write.tags,
        params: v1IdParams,
        body: v1BookingCancelBody,
        response: responses.one,
      },
    },
    async (request) => ({
      data: await bookings.cancelByHost(request.user.id, request.params.id, request.body),
    }),
  );

  r.post(
    "/bookings/:id/reschedule",
    {
      config: write.config,
      schema: {
        summary: "Move a booking to another free start (bookings:write)",
        tags: write.tags,
        params: v1IdParams,
        body: v1BookingRescheduleBody,
        response: responses.one,
      },
    },
    async (request) => ({
      data: await bookings.rescheduleByHost(request.user.id, request.params.id, request.body),
    }),
  );

  r.post(
    "/bookings/:id/no-show",
    {
      config: write.config,
      schema: {
        summary: "Mark or unmark an invitee as a no-show (bookings:write)",
        tags: write.tags,
        params: v1IdParams,
        body: v1NoShowBody,
        response: responses.one,
      },
    },
    async (request) => ({
      data: await bookings.setNoShow(request.user.id, request.params.id, request.body.noShow),
    }),
  );
}
