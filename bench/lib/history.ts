import type { Database } from "../../src/server/db/client.js";
import { bookings, contacts } from "../../src/server/db/schema/index.js";

/** Past bookings per host a bench's booking host starts with (BENCH_HISTORY; 0 for an empty database). */
export const HISTORY_PER_HOST = Number(process.env.BENCH_HISTORY ?? 10_000);

const HALF_HOUR_MS = 1_800_000;
/** Each past invitee booked twice: a contact per two bookings, as a host's regulars make. */
const BOOKINGS_PER_INVITEE = 2;

/**
 * A host's past: `count` confirmed 30-minute meetings of one event type on distinct half hours of the
 * last two years, and a contact per invitee. A server in use holds such a past, and what a booking
 * costs depends on it: each index it writes is deeper, and the planner picks its paths by the
 * tables' sizes (a fresh database's few rows make sequential scans the cheapest, which a burst of
 * bookings then outgrows before any statistics catch up). Written straight to the tables, in
 * batches; the triggers that keep booking_hosts and the kept counts run as for any booking.
 */
export async function seedHistory(
  database: Database,
  host: { userId: string; eventTypeId: string; slug: string },
  count = HISTORY_PER_HOST,
): Promise<void> {
  const now = Date.now();
  const halfHours = 730 * 48;
  const step = Math.max(1, Math.floor(halfHours / Math.max(1, count)));
  const firstHalfHour = Math.floor(now / HALF_HOUR_MS) - halfHours;
  const tag = host.userId.slice(0, 8);
  const email = (i: number) => `past-${tag}-${Math.floor(i / BOOKINGS_PER_INVITEE)}@example.com`;
  for (let start = 0; start < count; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const startTime = new Date((firstHalfHour + i * step) * HALF_HOUR_MS);
      const id = crypto.randomUUID();
      rows.push({
        id,
        uid: `past-${tag}-${i}`,
        hostUserId: host.userId,
        eventTypeId: host.eventTypeId,
        eventTitle: "Past meeting",
        eventColor: "#3B82F6",
        eventSlug: host.slug,
        startTime,
        endTime: new Date(startTime.getTime() + HALF_HOUR_MS),
        slotKey: id,
        attendeeName: `Past ${Math.floor(i / BOOKINGS_PER_INVITEE)}`,
        attendeeEmail: email(i),
        attendeePhone: "5551234567",
        attendeeTimezone: "UTC",
        hostTimezone: "UTC",
        manageTokenHash: "x",
      });
    }
    await database.db.insert(bookings).values(rows);
  }
  const invitees = Math.ceil(count / BOOKINGS_PER_INVITEE);
  for (let start = 0; start < invitees; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(invitees, start + 1000); i++) {
      const last = (i * BOOKINGS_PER_INVITEE + 1) * step;
      rows.push({
        hostUserId: host.userId,
        email: email(i * BOOKINGS_PER_INVITEE),
        fullName: `Past ${i}`,
        timezone: "UTC",
        source: "booking" as const,
        totalMeetings: BOOKINGS_PER_INVITEE,
        lastMeetingAt: new Date((firstHalfHour + Math.min(last, halfHours - 1)) * HALF_HOUR_MS),
      });
    }
    await database.db.insert(contacts).values(rows);
  }
}
