import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FakeGoogle, json } from "./fake-google.js";

/** An event as the fake keeps it (the fields of Calendar v3 we use). */
export interface FakeCalendarEvent {
  id: string;
  iCalUID: string;
  summary: string;
  description?: string;
  location?: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  attendees?: { email: string; displayName?: string }[];
  transparency?: "opaque" | "transparent";
  hangoutLink?: string;
  conferenceData?: unknown;
  /** A recurring event's RRULE/EXDATE lines, kept as written. */
  recurrence?: string[];
  status: "confirmed" | "cancelled";
}

export interface FakeGoogleCalendar {
  /** Events of a user's calendar (`primary` is the user's own, keyed by their email). */
  events(email: string, calendarId?: string): FakeCalendarEvent[];
  /** Adds a second calendar to a user's calendar list. */
  addCalendar(email: string, calendarId: string, summary: string): void;
  /** A busy event the host made in Google themself. */
  addEvent(
    email: string,
    calendarId: string,
    event: Partial<FakeCalendarEvent> & Pick<FakeCalendarEvent, "start" | "end">,
  ): void;
  /** Every Calendar call waits this long first (a provider at 100 ms for benchmarks). */
  latencyMs: number;
  /** Calendar writes answer 503 while true (a Google outage); reads still work. */
  failWrites: boolean;
  /** While set, calendar writes answer this status: 403 (permissions refused), 400 (a request Google refuses). */
  refuseWrites: 400 | 403 | null;
}

const CALENDAR_SCOPE = "calendar";
const READ_SCOPES = ["calendar", "calendar.readonly", "calendar.events", "calendar.freebusy"];

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const meetCode = () => {
  const letters = () => Array.from(randomBytes(10), (b) => String.fromCharCode(97 + (b % 26))).join("");
  const l = letters();
  return `${l.slice(0, 3)}-${l.slice(3, 7)}-${l.slice(7, 10)}`;
};

/**
 * Google Calendar v3 on the fake Google server: calendarList, freeBusy and events insert, patch and
 * delete (with conferenceData createRequest making a Meet link, as Google does with
 * conferenceDataVersion=1). Calls need a live access token with a calendar scope.
 */
export function addFakeCalendarApi(fake: FakeGoogle): FakeGoogleCalendar {
  const calendars = new Map<
    string,
    Map<string, { summary: string; events: Map<string, FakeCalendarEvent> }>
  >();
  const api: FakeGoogleCalendar = {
    latencyMs: 0,
    failWrites: false,
    refuseWrites: null,
    events: (email, calendarId = email) => [...(calendarsOf(email).get(calendarId)?.events.values() ?? [])],
    addCalendar: (email, calendarId, summary) => {
      calendarsOf(email).set(calendarId, { summary, events: new Map() });
    },
    addEvent: (email, calendarId, event) => {
      const id = randomBytes(8).toString("hex");
      calendar(email, calendarId)?.events.set(id, {
        id,
        iCalUID: `${id}@google.com`,
        summary: "Busy",
        status: "confirmed",
        ...event,
      });
    },
  };

  function calendarsOf(email: string) {
    let own = calendars.get(email);
    if (!own) {
      own = new Map([[email, { summary: email, events: new Map() }]]);
      calendars.set(email, own);
    }
    return own;
  }
  const calendar = (email: string, id: string) => calendarsOf(email).get(id === "primary" ? email : id);

  const authed = async (req: IncomingMessage, res: Parameters<FakeGoogle["bearer"]>[1], write: boolean) => {
    if (api.latencyMs > 0) await new Promise((r) => setTimeout(r, api.latencyMs));
    const scopes = write ? [CALENDAR_SCOPE, "calendar.events"] : READ_SCOPES;
    const token = fake.bearer(req, res);
    if (!token) return undefined;
    if (!token.scopes.some((s) => scopes.some((w) => s === w || s.endsWith(`/${w}`)))) {
      json(res, 403, { error: { code: 403, message: "Request had insufficient authentication scopes." } });
      return undefined;
    }
    if (write && api.refuseWrites) {
      const message =
        api.refuseWrites === 403 ? "The caller does not have permission" : "Invalid conference type value.";
      json(res, api.refuseWrites, { error: { code: api.refuseWrites, message } });
      return undefined;
    }
    if (write && api.failWrites) {
      json(res, 503, { error: { code: 503, message: "The service is currently unavailable." } });
      return undefined;
    }
    return token;
  };
  const notFound = (res: Parameters<FakeGoogle["bearer"]>[1]) =>
    json(res, 404, { error: { code: 404, message: "Not Found" } });

  fake.route("GET", "/calendar/v3/users/me/calendarList", async (req, res) => {
    const t = await authed(req, res, false);
    if (!t) return;
    const items = [...calendarsOf(t.user.email).entries()].map(([id, c]) => ({
      id,
      summary: c.summary,
      primary: id === t.user.email || undefined,
      backgroundColor: id === t.user.email ? "#4285f4" : "#0b8043",
      accessRole: "owner",
    }));
    json(res, 200, { kind: "calendar#calendarList", items });
  });

  fake.route("POST", "/calendar/v3/freeBusy", async (req, res) => {
    const t = await authed(req, res, false);
    if (!t) return;
    const body = await readJson(req);
    const timeMin = Date.parse(String(body.timeMin));
    const timeMax = Date.parse(String(body.timeMax));
    const out: Record<string, unknown> = {};
    for (const item of (body.items as { id: string }[]) ?? []) {
      const cal = calendar(t.user.email, item.id);
      if (!cal) {
        out[item.id] = { errors: [{ domain: "global", reason: "notFound" }], busy: [] };
        continue;
      }
      const busy = [...cal.events.values()]
        .filter((e) => e.status !== "cancelled" && e.transparency !== "transparent")
        .map((e) => ({
          start: e.start.dateTime ?? `${e.start.date}T00:00:00Z`,
          end: e.end.dateTime ?? `${e.end.date}T00:00:00Z`,
        }))
        .filter((b) => Date.parse(b.end) > timeMin && Date.parse(b.start) < timeMax)
        .map((b) => ({ start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() }));
      out[item.id] = { busy };
    }
    json(res, 200, {
      kind: "calendar#freeBusy",
      timeMin: body.timeMin,
      timeMax: body.timeMax,
      calendars: out,
    });
  });

  const eventsPath = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/;
  const eventPath = /^\/calendar\/v3\/calendars\/([^/]+)\/events\/([^/]+)$/;

  fake.route("POST", eventsPath, async (req, res, url) => {
    const t = await authed(req, res, true);
    if (!t) return;
    const [, calendarId] = eventsPath.exec(url.pathname) ?? [];
    const cal = calendar(t.user.email, decodeURIComponent(calendarId ?? ""));
    if (!cal) return notFound(res);
    const body = (await readJson(req)) as Partial<FakeCalendarEvent> & {
      conferenceData?: { createRequest?: { requestId?: string } };
    };
    const id = randomBytes(10).toString("hex");
    const event: FakeCalendarEvent = {
      ...(body as FakeCalendarEvent),
      id,
      iCalUID: body.iCalUID ?? `${id}@google.com`,
      status: "confirmed",
    };
    if (body.conferenceData?.createRequest && url.searchParams.get("conferenceDataVersion") === "1") {
      const link = `https://meet.google.com/${meetCode()}`;
      event.hangoutLink = link;
      event.conferenceData = {
        createRequest: { ...body.conferenceData.createRequest, status: { statusCode: "success" } },
        entryPoints: [{ entryPointType: "video", uri: link, label: link.slice(8) }],
        conferenceSolution: { key: { type: "hangoutsMeet" }, name: "Google Meet" },
      };
    }
    cal.events.set(id, event);
    json(res, 200, { kind: "calendar#event", ...event });
  });

  fake.route("PATCH", eventPath, async (req, res, url) => {
    const t = await authed(req, res, true);
    if (!t) return;
    const [, calendarId, eventId] = eventPath.exec(url.pathname) ?? [];
    const cal = calendar(t.user.email, decodeURIComponent(calendarId ?? ""));
    const existing = cal?.events.get(decodeURIComponent(eventId ?? ""));
    if (!cal || !existing || existing.status === "cancelled") return notFound(res);
    const body = (await readJson(req)) as Partial<FakeCalendarEvent>;
    const { conferenceData: _ignored, ...rest } = body;
    const updated = { ...existing, ...rest, id: existing.id };
    cal.events.set(existing.id, updated);
    json(res, 200, { kind: "calendar#event", ...updated });
  });

  fake.route("DELETE", eventPath, async (req, res, url) => {
    const t = await authed(req, res, true);
    if (!t) return;
    const [, calendarId, eventId] = eventPath.exec(url.pathname) ?? [];
    const cal = calendar(t.user.email, decodeURIComponent(calendarId ?? ""));
    const existing = cal?.events.get(decodeURIComponent(eventId ?? ""));
    if (!cal || !existing) return notFound(res);
    // Google answers 410 Gone for an event deleted before.
    if (existing.status === "cancelled")
      return json(res, 410, { error: { code: 410, message: "Resource has been deleted" } });
    existing.status = "cancelled";
    res.writeHead(204).end();
  });

  return api;
}
