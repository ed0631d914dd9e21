/**
 * What a booking's mails cost to render, without the database: `bookingMessages` for one booking (the
 * invitee's mail and the host's copy, each with its invite) and `buildInvite` alone, in µs per call after
 * a warm-up. The booking path renders them inside the booking's transaction (docs/performance.md,
 * "eighth session"). BENCH_MAIL_CALLS sets the timed calls (default 20,000).
 */

import os from "node:os";
import { type BookingMailData, bookingMessages } from "../src/server/mail/booking-mails.js";
import { buildInvite } from "../src/server/mail/ics.js";

const CALLS = Number(process.env.BENCH_MAIL_CALLS ?? 20_000);
const loadAverage = () => `load ${os.loadavg()[0].toFixed(2)}`;

const booking: BookingMailData = {
  uid: "bk_bench",
  sequence: 0,
  title: "Intro call",
  slug: "intro",
  hostUsername: "grace",
  start: new Date("2026-12-01T10:00:00Z"),
  end: new Date("2026-12-01T10:30:00Z"),
  hostZone: "America/New_York",
  host: { name: "Grace Hopper", email: "grace@example.com" },
  attendee: {
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: "+14155550134",
    timezone: "Europe/London",
  },
  guests: [],
  location: { type: "zoom", value: "https://zoom.us/j/123", displayName: "Zoom" },
  meetingLink: "https://zoom.us/j/123",
  message: "Looking forward to it",
  answers: [{ question: "Company", answer: "Analytical Engines" }],
};
const options = {
  publicUrl: "https://kairos.test",
  manageToken: "token",
  stamp: new Date(),
  notifyHost: true,
};

/** µs per call of `fn(i)`, each call on another booking start (no answer reused between bookings). */
function timed(fn: (i: number) => unknown): string {
  for (let i = 0; i < 2_000; i++) fn(i);
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) fn(i);
  return `${(((performance.now() - t0) * 1000) / CALLS).toFixed(1)} µs`;
}

export async function run(): Promise<void> {
  console.log(`\nmail: a booking's mails rendered, ${CALLS.toLocaleString("en-US")} calls each`);
  const at = (i: number) => new Date(booking.start.getTime() + i * 1_800_000);
  const messages = timed((i) =>
    bookingMessages("created", { ...booking, uid: `bk_${i}`, start: at(i), end: at(i + 1) }, options),
  );
  console.log(`  bookingMessages (invitee + host, 2 invites)   ${messages} per booking   ${loadAverage()}`);
  const invite = timed((i) =>
    buildInvite({
      uid: `bk_${i}`,
      sequence: 0,
      method: "REQUEST",
      start: at(i),
      end: at(i + 1),
      timeZone: booking.hostZone,
      summary: "Intro call between Grace Hopper and Ada Lovelace",
      description: "Intro call\nWhere: Zoom\nInvitee: Ada Lovelace <ada@example.com>",
      location: booking.meetingLink,
      url: null,
      organizer: booking.host,
      attendees: [booking.attendee],
      stamp: options.stamp,
    }),
  );
  console.log(`  buildInvite                                   ${invite} per invite    ${loadAverage()}`);
}
