import { NO_LONGER_AVAILABLE_MESSAGE } from "../../../contract/booking-constants.js";
import type { BookingDto } from "../../../contract/bookings.js";
import type {
  HostPollDto,
  PollAnswerName,
  PollVoterDto,
  PublicPollDto,
  VoteBody,
} from "../../../contract/polls.js";
import type { Db } from "../../db/client.js";
import type { PollVoterRow, UserRow } from "../../db/schema/index.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.js";
import type { BookingsService } from "../bookings/service.js";
import { isBookable } from "../event-types/service-bookable.js";
import { createPollsRepo } from "./repo.js";

const POLL_NOT_FOUND = "Poll not found";
const gone = () => new AppError("NO_LONGER_AVAILABLE", NO_LONGER_AVAILABLE_MESSAGE);

type Poll = NonNullable<Awaited<ReturnType<ReturnType<typeof createPollsRepo>["bySlug"]>>>;

export function createPollsService(db: Db, deps: { bookings: BookingsService; now: () => Date }) {
  const repo = createPollsRepo(db);

  async function openPoll(slug: string): Promise<Poll> {
    const poll = await repo.bySlug(slug.toLowerCase());
    // A poll of no proposed times is still being set up: not public yet.
    if (!poll?.isActive || !isBookable({ kind: "poll", fixedTimes: poll.fixedTimes }, 0)) {
      throw notFound(POLL_NOT_FOUND);
    }
    return poll;
  }

  /** Only answers for the poll's own times are kept. */
  function cleanVotes(poll: Poll, votes: Record<string, PollAnswerName>): Record<string, PollAnswerName> {
    const times = new Set(poll.fixedTimes);
    const out: Record<string, PollAnswerName> = {};
    for (const [at, answer] of Object.entries(votes)) {
      const iso = new Date(at).toISOString();
      if (!times.has(iso)) throw badRequest("Vote only on the poll's times", { votes: "Unknown time" });
      out[iso] = answer;
    }
    return out;
  }

  function counts(poll: Poll, voters: PollVoterRow[]) {
    return poll.fixedTimes.map((start) => {
      const c = { start, yes: 0, maybe: 0, no: 0 };
      for (const v of voters) {
        const a = v.votes[start];
        if (a) c[a] += 1;
      }
      return c;
    });
  }

  const voterDto = (v: PollVoterRow): PollVoterDto => ({
    _id: v.id,
    name: v.name,
    email: v.email,
    votes: v.votes,
  });

  return {
    async publicPoll(slug: string): Promise<PublicPollDto> {
      const poll = await openPoll(slug);
      const voters = await repo.voters(poll.id);
      return {
        title: poll.title,
        description: poll.description,
        duration: poll.duration,
        hostName: poll.hostName,
        hostTimezone: poll.hostTimezone,
        hostTimeFormat: poll.hostTimeFormat,
        closed: poll.closedAt !== null,
        times: counts(poll, voters),
        voters: voters.map((v) => ({ name: v.name, votes: v.votes })),
      };
    },

    /** A new participant's votes; the answer carries their private edit token (also their link). */
    async vote(slug: string, body: VoteBody): Promise<{ voter: PollVoterDto; token: string }> {
      const poll = await openPoll(slug);
      if (poll.closedAt) throw gone();
      const token = randomToken(32);
      const row = await repo.insertVoter({
        eventTypeId: poll.id,
        name: body.name,
        email: body.email,
        tokenHash: sha256(token),
        votes: cleanVotes(poll, body.votes),
      });
      if (!row)
        throw conflict(
          "You have already voted on this poll. Use your private link to change your votes.",
          "ALREADY_VOTED",
        );
      return { voter: voterDto(row), token };
    },

    async ownVotes(slug: string, token: string): Promise<PollVoterDto> {
      const poll = await openPoll(slug);
      const voter = await repo.voterByToken(poll.id, sha256(token));
      if (!voter) throw notFound("Vote not found");
      return voterDto(voter);
    },

    /** The private link edits only the votes it was given for. */
    async updateOwnVotes(
      slug: string,
      token: string,
      body: { name?: string; votes: Record<string, PollAnswerName> },
    ): Promise<PollVoterDto> {
      const poll = await openPoll(slug);
      if (poll.closedAt) throw gone();
      const voter = await repo.voterByToken(poll.id, sha256(token));
      if (!voter) throw notFound("Vote not found");
      const row = await repo.updateVoter(voter.id, { name: body.name, votes: cleanVotes(poll, body.votes) });
      return voterDto(row);
    },

    /** The host's grid: counts per time, each time marked busy when the host has been booked over it since. */
    async hostPoll(user: UserRow, id: string): Promise<HostPollDto> {
      const poll = await repo.forHost(user.id, id);
      if (!poll) throw notFound(POLL_NOT_FOUND);
      const voters = await repo.voters(poll.id);
      const ms = poll.fixedTimes.map((t) => Date.parse(t));
      const duration = poll.duration * 60_000;
      const busy =
        ms.length === 0
          ? []
          : await repo.busy(user.id, new Date(Math.min(...ms)), new Date(Math.max(...ms) + duration));
      return {
        _id: poll.id,
        title: poll.title,
        slug: poll.slug,
        duration: poll.duration,
        closed: poll.closedAt !== null,
        bookingId: poll.pollBookingId,
        times: counts(poll, voters).map((c) => {
          const s = Date.parse(c.start);
          return { ...c, busy: busy.some(([b0, b1]) => b0 < s + duration && b1 > s) };
        }),
        voters: voters.map(voterDto),
      };
    },

    /** Books everyone who said yes or if need be at that time into one meeting; the poll closes. */
    async book(user: UserRow, id: string, startTime: string): Promise<BookingDto> {
      const poll = await repo.forHost(user.id, id);
      if (!poll) throw notFound(POLL_NOT_FOUND);
      if (poll.closedAt) throw gone();
      const start = new Date(startTime);
      const iso = start.toISOString();
      const people = (await repo.voters(poll.id))
        .filter((v) => v.votes[iso] === "yes" || v.votes[iso] === "maybe")
        .map((v) => ({ name: v.name, email: v.email }));
      return deps.bookings.bookPoll(user.id, poll.id, start, people);
    },
  };
}

export type PollsService = ReturnType<typeof createPollsService>;
