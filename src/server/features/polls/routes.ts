import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams } from "../../../contract/common.js";
import {
  bookPollBody,
  pollSlugParams,
  updateVoteBody,
  voteBody,
  voterTokenParams,
} from "../../../contract/polls.js";
import { pollsResponses as responses } from "../../../contract/responses/polls.js";
import type { PollsService } from "./service.js";

export async function pollsRoutes(app: FastifyInstance, opts: { polls: PollsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { polls } = opts;
  const tags = ["polls"];

  r.get(
    "/polls/:slug/public",
    { schema: { params: pollSlugParams, tags, response: responses.publicPoll } },
    async (request) => ({
      success: true,
      data: await polls.publicPoll(request.params.slug),
    }),
  );

  r.post(
    "/polls/:slug/votes",
    {
      schema: { params: pollSlugParams, body: voteBody, tags, response: responses.voted },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const data = await polls.vote(request.params.slug, request.body);
      return reply.status(201).send({ success: true, message: "Thanks, your votes are in", data });
    },
  );

  r.get(
    "/polls/:slug/votes/:token",
    { schema: { params: voterTokenParams, tags, response: responses.voter } },
    async (request) => ({
      success: true,
      data: await polls.ownVotes(request.params.slug, request.params.token),
    }),
  );

  r.put(
    "/polls/:slug/votes/:token",
    { schema: { params: voterTokenParams, body: updateVoteBody, tags, response: responses.voter } },
    async (request) => ({
      success: true,
      message: "Your votes are updated",
      data: await polls.updateOwnVotes(request.params.slug, request.params.token, request.body),
    }),
  );

  r.get(
    "/polls/:id",
    { schema: { params: idParams, tags, response: responses.hostPoll } },
    async (request) => ({
      success: true,
      data: await polls.hostPoll(request.user, request.params.id),
    }),
  );

  r.post(
    "/polls/:id/book",
    { schema: { params: idParams, body: bookPollBody, tags, response: responses.booked } },
    async (request) => ({
      success: true,
      message: "Meeting booked",
      data: await polls.book(request.user, request.params.id, request.body.startTime),
    }),
  );
}
