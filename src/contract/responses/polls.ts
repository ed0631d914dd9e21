import { z } from "zod";
import { type HostPollDto, POLL_ANSWERS, type PollVoterDto, type PublicPollDto } from "../polls.js";
import { bookingSchema } from "./bookings.js";
import { type Agrees, envelope } from "./shared.js";

const votesSchema = z.record(z.string(), z.enum(POLL_ANSWERS));
const timeCountsSchema = z.object({ start: z.string(), yes: z.number(), maybe: z.number(), no: z.number() });

const publicPollSchema = z.object({
  title: z.string(),
  description: z.string(),
  duration: z.number(),
  hostName: z.string(),
  hostTimezone: z.string(),
  hostTimeFormat: z.enum(["12h", "24h"]),
  closed: z.boolean(),
  times: z.array(timeCountsSchema),
  voters: z.array(z.object({ name: z.string(), votes: votesSchema })),
});
true satisfies Agrees<z.input<typeof publicPollSchema>, PublicPollDto>;

const voterSchema = z.object({ _id: z.string(), name: z.string(), email: z.string(), votes: votesSchema });
true satisfies Agrees<z.input<typeof voterSchema>, PollVoterDto>;

const hostPollSchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  duration: z.number(),
  closed: z.boolean(),
  bookingId: z.string().nullable(),
  times: z.array(timeCountsSchema.extend({ busy: z.boolean() })),
  voters: z.array(voterSchema),
});
true satisfies Agrees<z.input<typeof hostPollSchema>, HostPollDto>;

export const pollsResponses = {
  publicPoll: { 200: envelope(publicPollSchema) },
  /** A new participant: their votes and the private token of their edit link. */
  voted: { 201: envelope(z.object({ voter: voterSchema, token: z.string() })) },
  voter: { 200: envelope(voterSchema) },
  hostPoll: { 200: envelope(hostPollSchema) },
  booked: { 200: envelope(bookingSchema) },
};
