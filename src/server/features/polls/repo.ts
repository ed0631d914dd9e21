import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { bookingHosts, eventTypes, type PollAnswer, pollVoters, users } from "../../db/schema/index.js";

export function createPollsRepo(db: DbOrTx) {
  const pollColumns = {
    id: eventTypes.id,
    userId: eventTypes.userId,
    title: eventTypes.title,
    description: eventTypes.description,
    slug: eventTypes.slug,
    duration: eventTypes.duration,
    isActive: eventTypes.isActive,
    fixedTimes: eventTypes.fixedTimes,
    closedAt: eventTypes.closedAt,
    pollBookingId: eventTypes.pollBookingId,
    hostName: users.name,
    hostTimezone: users.timezone,
    hostTimeFormat: users.timeFormat,
  };
  return {
    async bySlug(slug: string) {
      const [row] = await db
        .select(pollColumns)
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.userId))
        .where(and(eq(eventTypes.slug, slug), eq(eventTypes.kind, "poll")))
        .limit(1);
      return row;
    },

    async forHost(userId: string, id: string) {
      const [row] = await db
        .select(pollColumns)
        .from(eventTypes)
        .innerJoin(users, eq(users.id, eventTypes.userId))
        .where(and(eq(eventTypes.id, id), eq(eventTypes.userId, userId), eq(eventTypes.kind, "poll")))
        .limit(1);
      return row;
    },

    voters(eventTypeId: string) {
      return db
        .select()
        .from(pollVoters)
        .where(eq(pollVoters.eventTypeId, eventTypeId))
        .orderBy(asc(pollVoters.createdAt));
    },

    /** Inserts unless this address already voted on the poll. */
    async insertVoter(values: typeof pollVoters.$inferInsert) {
      const [row] = await db.insert(pollVoters).values(values).onConflictDoNothing().returning();
      return row;
    },

    async voterByToken(eventTypeId: string, tokenHash: string) {
      const [row] = await db
        .select()
        .from(pollVoters)
        .where(and(eq(pollVoters.eventTypeId, eventTypeId), eq(pollVoters.tokenHash, tokenHash)))
        .limit(1);
      return row;
    },

    async updateVoter(id: string, patch: { name?: string; votes: Record<string, PollAnswer> }) {
      const [row] = await db
        .update(pollVoters)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(pollVoters.id, id))
        .returning();
      return row;
    },

    /** The host's confirmed bookings and pending requests (any host row) overlapping [from, to), as [start, end] ms. */
    async busy(hostId: string, from: Date, to: Date): Promise<[number, number][]> {
      const rows = await db
        .select({ start: bookingHosts.startTime, end: bookingHosts.endTime })
        .from(bookingHosts)
        .where(
          and(
            eq(bookingHosts.hostUserId, hostId),
            sql`${bookingHosts.status} in ('confirmed', 'pending')`,
            sql`tstzrange(${bookingHosts.startTime}, ${bookingHosts.endTime}) && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
          ),
        );
      return rows.map((r) => [r.start.getTime(), r.end.getTime()]);
    },
  };
}
