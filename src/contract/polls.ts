import { z } from "zod";

/**
 * Meeting polls (issue 11). A poll is an event type of kind 'poll' whose fixedTimes are the
 * proposed times (at most 40).
 * - GET  /polls/:slug/public                      -> PublicPollDto
 * - POST /polls/:slug/votes {name, email, votes}  -> {voter, token} (token: the private edit link's)
 * - GET  /polls/:slug/votes/:token                -> PollVoterDto (that voter only)
 * - PUT  /polls/:slug/votes/:token {name?, votes} -> PollVoterDto (that voter only)
 * - GET  /polls/:id                               -> HostPollDto (the poll's host)
 * - POST /polls/:id/book {startTime}              -> BookingDto (the poll's host; closes the poll)
 */

export const POLL_ANSWERS = ["yes", "maybe", "no"] as const;
export type PollAnswerName = (typeof POLL_ANSWERS)[number];
export const POLL_ANSWER_LABELS: Record<PollAnswerName, string> = {
  yes: "Yes",
  maybe: "If need be",
  no: "No",
};

const votesSchema = z.record(z.iso.datetime(), z.enum(POLL_ANSWERS));

export const voteBody = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "Enter a valid email address" }).max(254)),
  votes: votesSchema,
});
export type VoteBody = z.infer<typeof voteBody>;
export const updateVoteBody = z.object({
  name: z.string().trim().min(1, "Name is required").max(100).optional(),
  votes: votesSchema,
});
export const pollSlugParams = z.object({ slug: z.string().min(1).max(80) });
export const voterTokenParams = z.object({
  slug: z.string().min(1).max(80),
  token: z.string().min(10).max(200),
});
export const bookPollBody = z.object({ startTime: z.iso.datetime({ offset: true }) });

export interface PollTimeCounts {
  start: string;
  yes: number;
  maybe: number;
  no: number;
}

export interface PublicPollDto {
  title: string;
  description: string;
  duration: number;
  hostName: string;
  hostTimezone: string;
  /** How the host writes times: the page's 12h/24h default, which the participant may switch. */
  hostTimeFormat: "12h" | "24h";
  closed: boolean;
  times: PollTimeCounts[];
  /** Participants by name only, with their votes (as in a shared poll). */
  voters: { name: string; votes: Record<string, PollAnswerName> }[];
}

export interface PollVoterDto {
  _id: string;
  name: string;
  email: string;
  votes: Record<string, PollAnswerName>;
}

export interface HostPollDto {
  _id: string;
  title: string;
  slug: string;
  duration: number;
  closed: boolean;
  bookingId: string | null;
  times: (PollTimeCounts & { busy: boolean })[];
  voters: PollVoterDto[];
}
