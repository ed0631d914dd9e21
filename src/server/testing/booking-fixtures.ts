import type { FastifyInstance } from "fastify";
import { bearer, signUp } from "./app.js";

/**
 * Test support for the booking flow. The pinned clock is Wednesday 2026-10-28 12:00Z
 * (8:00am in New York, still on EDT); New York falls back to EST on Sunday 2026-11-01.
 */
export const NOW = new Date("2026-10-28T12:00:00Z");

export type Host = Awaited<ReturnType<typeof signUp>>;

let counter = 0;

export async function hostIn(app: FastifyInstance, timezone: string, name?: string): Promise<Host> {
  return signUp(app, { timezone, ...(name ? { name } : {}) });
}

/** A host who chose an app language (Settings > Profile), as `hostIn` signs one up. */
export async function hostSpeaking(
  app: FastifyInstance,
  appLanguage: string,
  timezone: string,
  name?: string,
): Promise<Host> {
  const host = await hostIn(app, timezone, name);
  const chose = await app.inject({
    method: "PUT",
    url: "/api/users/profile",
    headers: bearer(host.token),
    payload: { appLanguage },
  });
  if (chose.statusCode !== 200) throw new Error(`choosing ${appLanguage} failed: ${chose.body}`);
  return host;
}

/** Booking settings with no notice, 60 rolling days, and whatever `extra` adds (buffers, notice). */
export const bookingSettings = (extra: Record<string, unknown> = {}) => ({
  leadHours: 0,
  noticeUnit: "minutes",
  daysAhead: 60,
  unit: "days",
  mode: "rolling",
  ...extra,
});

/** An event type with no notice of its own unless given. */
export async function eventType(
  app: FastifyInstance,
  host: Host,
  body: Record<string, unknown> = {},
): Promise<{ _id: string; slug: string; title: string }> {
  counter += 1;
  const res = await app.inject({
    method: "POST",
    url: "/api/event-types",
    headers: bearer(host.token),
    payload: {
      title: `Intro call ${counter}`,
      duration: 30,
      bookingSettings: bookingSettings(),
      locations: [{ type: "zoom", value: "https://zoom.us/j/1234567890" }],
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`event type: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export function attendee(
  overrides: Partial<{ name: string; email: string; phone: string; timezone: string }> = {},
) {
  counter += 1;
  return {
    name: `Invitee ${counter}`,
    email: `invitee${counter}@example.com`,
    phone: "5551234567",
    timezone: "Asia/Kolkata",
    ...overrides,
  };
}

export function book(
  app: FastifyInstance,
  eventTypeId: string,
  startTime: string,
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/bookings",
    payload: { eventTypeId, startTime, attendee: attendee(), ...extra },
  });
}

export async function hostBookings(app: FastifyInstance, host: Host, query = "") {
  const res = await app.inject({
    method: "GET",
    url: `/api/bookings?limit=100${query}`,
    headers: bearer(host.token),
  });
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json() as {
    data: { _id: string; status: string; startTime: string }[];
    pagination: { total: number };
  };
}

/** The unfolded lines of an iCalendar text. */
export function icsLines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n");
}

/** The first line of a property, looked up in the VEVENT before the rest (VTIMEZONE has DTSTARTs too). */
export function icsProp(ics: string, name: string): string | undefined {
  const lines = icsLines(ics);
  const event = lines.slice(lines.indexOf("BEGIN:VEVENT"));
  const match = (l: string) => l === name || l.startsWith(`${name}:`) || l.startsWith(`${name};`);
  return event.find(match) ?? lines.find(match);
}

/**
 * A team of `owner` and `members` (each invited and accepting) and a team event type of it (`body.type`:
 * round-robin or collective) hosted by all of them, weight 1 each.
 */
export async function teamEventType(
  app: FastifyInstance,
  owner: Host,
  members: Host[],
  body: Record<string, unknown>,
): Promise<{ team: { _id: string }; et: { _id: string; slug: string; title: string } }> {
  const call = async (who: Host, url: string, payload: object, method: "POST" | "PUT" = "POST") => {
    const res = await app.inject({ method, url: `/api${url}`, headers: bearer(who.token), payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  counter += 1;
  const team = await call(owner, "/teams", { name: `Team ${counter}` });
  for (const member of members) {
    const invite = await call(owner, `/teams/${team._id}/invites`, { email: member.email });
    const token = /team-invite\/([^/]+)$/.exec(invite.link)?.[1];
    await call(member, `/team-invites/${token}/accept`, {});
  }
  const et = await eventType(app, owner, body);
  await call(
    owner,
    `/event-types/${et._id}/hosts`,
    { teamId: team._id, hosts: [owner, ...members].map((h) => ({ userId: h.userId, weight: 1 })) },
    "PUT",
  );
  return { team, et };
}
