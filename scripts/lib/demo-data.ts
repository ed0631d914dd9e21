/**
 * Demo data shared by `npm run seed` and bench/meetings-dashboard.ts: a host made through the real
 * API (sign-up, event types), then their bookings written straight into the table in multi-row
 * inserts (100,000 take seconds, not the hours the booking API's checks would).
 *
 * Bookings never overlap one another (cancelled ones included), so the database's exclusion
 * constraint on confirmed bookings always holds. Each one sits in its own hour of the host's day:
 * weekdays 9am-5pm (the default schedule) for demo sizes, every hour of every day for large sizes.
 * Everything random comes from a seeded generator: the same size and clock give the same data.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Temporal } from "temporal-polyfill";
import { type Answer, CANCEL_REASONS } from "../../src/contract/bookings.js";
import type { Location, Question } from "../../src/contract/event-types.js";
import { localDateRange } from "../../src/domain/availability/index.js";
import type { Db } from "../../src/server/db/client.js";
import { bookings, eventTypes, type NewBookingRow, users } from "../../src/server/db/schema/index.js";
import { ANSWERS, CANCEL_NOTES, DOMAINS, FIRST_NAMES, LAST_NAMES, MESSAGES, ZONES } from "./demo-words.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const INSERT_BATCH = 1000;
/** Up to this many bookings fit in office hours over a few months; beyond, every hour of the day is used. */
const OFFICE_HOURS_MAX = 2000;

export interface DemoHostOptions {
  name: string;
  email: string;
  password: string;
  timezone: string;
}

export interface DemoEventType {
  _id: string;
  title: string;
  slug: string;
  color: string;
  duration: number;
  isActive: boolean;
  locations: Location[];
  questions: Question[];
  /** Share of the bookings it gets. */
  weight: number;
}

export interface DemoHost {
  userId: string;
  token: string;
  timezone: string;
  eventTypes: DemoEventType[];
}

export const DEMO_HOST: DemoHostOptions = {
  name: "Maya Chen",
  email: "demo@kairos.local",
  password: "kairos-demo",
  timezone: "America/New_York",
};

/** The demo host's event types: kinds, lengths, colours and places a consultant would offer. */
const EVENT_TYPES = [
  {
    weight: 40,
    body: {
      title: "30 Minute Meeting",
      type: "one-on-one",
      duration: 30,
      color: "#3B82F6",
      description: "A quick call to catch up or answer questions.",
      locations: [{ type: "zoom", value: "https://zoom.us/j/5551234567" }],
    },
  },
  {
    weight: 25,
    body: {
      title: "Discovery Call",
      type: "one-on-one",
      duration: 15,
      color: "#10B981",
      description: "Tell me about your project and we will see whether we are a good fit.",
      locations: [{ type: "google_meet", value: "https://meet.google.com/kai-rosd-emo" }],
      questions: [{ question: "What would you like to discuss?", type: "textarea", required: true }],
    },
  },
  {
    weight: 20,
    body: {
      title: "Product Demo",
      type: "one-on-one",
      duration: 45,
      color: "#8B5CF6",
      description: "A guided tour of the product for you and your team.",
      locations: [
        { type: "microsoft_teams", value: "https://teams.microsoft.com/l/meetup-join/kairos-demo" },
      ],
      questions: [
        { question: "Company name", type: "text", required: true },
        {
          question: "Team size",
          type: "select",
          required: false,
          options: ["1-10", "11-50", "51-200", "200+"],
        },
      ],
    },
  },
  {
    weight: 15,
    body: {
      title: "Strategy Session",
      type: "one-on-one",
      duration: 60,
      color: "#F59E0B",
      description: "An hour to plan your next quarter, in person at the studio.",
      locations: [{ type: "in_person", value: "350 5th Ave, New York, NY 10118" }],
      questions: [{ question: "What is your main goal for this session?", type: "text", required: false }],
    },
  },
  {
    weight: 0,
    body: {
      title: "Office Hours",
      type: "group",
      duration: 60,
      color: "#EC4899",
      description: "Open Q&A for customers, up to ten people. Paused for the summer.",
      isActive: false,
      locations: [{ type: "phone", value: "+1 415 555 0130" }],
    },
  },
] as const;

/** Signs the host up and creates their event types through the API, as a person would. */
export async function createDemoHost(app: FastifyInstance, o: DemoHostOptions): Promise<DemoHost> {
  const register = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { name: o.name, email: o.email, password: o.password, timezone: o.timezone },
  });
  if (register.statusCode !== 201) throw new Error(`Sign-up failed: ${register.statusCode} ${register.body}`);
  const token: string = register.json().token;
  const userId: string = register.json().data.user._id;
  const eventTypes: DemoEventType[] = [];
  for (const { weight, body } of EVENT_TYPES) {
    const res = await app.inject({
      method: "POST",
      url: "/api/event-types",
      headers: { authorization: `Bearer ${token}` },
      payload: {
        ...body,
        bookingSettings: { daysAhead: 60, unit: "days", leadHours: 4, noticeUnit: "hours", mode: "rolling" },
      },
    });
    if (res.statusCode !== 201) throw new Error(`Event type failed: ${res.statusCode} ${res.body}`);
    eventTypes.push({ ...res.json().data, weight });
  }
  return { userId, token, timezone: o.timezone, eventTypes };
}

export async function findUserByEmail(db: Db, email: string): Promise<{ id: string } | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Removes a user and, by cascade, everything of theirs. */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export interface BookingSummary {
  inserted: number;
  confirmedUpcoming: number;
  completed: number;
  cancelled: number;
  noShow: number;
  attendees: number;
  first: Date;
  last: Date;
}

/** Writes `size` bookings for the host around `now`: most in the past, the rest ahead. */
export async function insertDemoBookings(
  db: Db,
  host: DemoHost,
  o: { size: number; now: Date; seed?: number; onProgress?: (done: number) => void },
): Promise<BookingSummary> {
  const rng = seededRandom(o.seed ?? 20261128);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  const types = host.eventTypes.filter((t) => t.weight > 0);
  const totalWeight = types.reduce((s, t) => s + t.weight, 0);
  const pickType = () => {
    let r = rng() * totalWeight;
    for (const t of types) {
      r -= t.weight;
      if (r < 0) return t;
    }
    return types[types.length - 1];
  };

  const hours = hourSegments(host.timezone, o.size, o.now);
  const people = attendeePool(Math.max(12, Math.round(o.size * 0.35)), rng);
  const summary: BookingSummary = {
    inserted: 0,
    confirmedUpcoming: 0,
    completed: 0,
    cancelled: 0,
    noShow: 0,
    attendees: 0,
    first: new Date(hours.chosen[0] ?? o.now.getTime()),
    last: new Date(hours.chosen[hours.chosen.length - 1] ?? o.now.getTime()),
  };
  const seen = new Set<number>();
  const now = o.now.getTime();
  let batch: NewBookingRow[] = [];

  for (const hourStart of hours.chosen) {
    const type = pickType();
    const slack = Math.max(0, 60 - type.duration);
    const start = hourStart + Math.floor(rng() * (slack / 15 + 1)) * 15 * 60_000;
    const end = start + type.duration * 60_000;
    // Regulars come back: a skewed pick makes a few people book often.
    const personIndex = Math.floor(people.length * rng() ** 2);
    const person = people[personIndex];
    seen.add(personIndex);
    const past = end <= now;
    const roll = rng();
    const status = past
      ? roll < 0.12
        ? "cancelled"
        : roll < 0.2
          ? "no_show"
          : "confirmed"
      : roll < 0.1
        ? "cancelled"
        : "confirmed";
    const createdAt = Math.min(now - 60_000, start - (1 + Math.floor(rng() * 20)) * DAY_MS - rng() * DAY_MS);
    const cancelledAt =
      status === "cancelled" ? createdAt + rng() * (Math.min(start, now) - createdAt) : undefined;
    const reason = pick(CANCEL_REASONS);
    const id = uuidFrom(rng);
    const location = type.locations[0] ?? null;
    batch.push({
      id,
      uid: randomBytes(16).toString("base64url"),
      hostUserId: host.userId,
      eventTypeId: type._id,
      eventTitle: type.title,
      eventColor: type.color,
      eventSlug: type.slug,
      startTime: new Date(start),
      endTime: new Date(end),
      status,
      slotKey: id,
      attendeeName: person.name,
      attendeeEmail: person.email,
      attendeePhone: person.phone,
      attendeeTimezone: person.timezone,
      hostTimezone: host.timezone,
      location,
      answers: answersFor(type.questions, rng),
      guests: rng() < 0.08 ? [`${pick(FIRST_NAMES).toLowerCase()}@${pick(DOMAINS)}`] : [],
      message: rng() < 0.3 ? pick(MESSAGES) : "",
      manageTokenHash: randomBytes(32).toString("hex"),
      cancelledAt: cancelledAt === undefined ? null : new Date(cancelledAt),
      cancelReason: cancelledAt === undefined ? null : reason,
      cancelNote: cancelledAt !== undefined && reason === "Other" ? pick(CANCEL_NOTES) : null,
      cancelledBy: cancelledAt === undefined ? null : rng() < 0.35 ? "host" : "invitee",
      createdAt: new Date(createdAt),
      updatedAt: new Date(cancelledAt ?? createdAt),
    });
    if (status === "cancelled") summary.cancelled++;
    else if (status === "no_show") summary.noShow++;
    else if (past) summary.completed++;
    else summary.confirmedUpcoming++;
    if (batch.length >= INSERT_BATCH) {
      await db.insert(bookings).values(batch);
      summary.inserted += batch.length;
      o.onProgress?.(summary.inserted);
      batch = [];
    }
  }
  if (batch.length > 0) {
    await db.insert(bookings).values(batch);
    summary.inserted += batch.length;
    o.onProgress?.(summary.inserted);
  }
  summary.attendees = seen.size;
  // The host and their event types look as old as their first booking, not made a moment ago.
  const since = new Date(Math.min(summary.first.getTime(), now) - 30 * DAY_MS);
  await db.update(users).set({ createdAt: since }).where(eq(users.id, host.userId));
  await db.update(eventTypes).set({ createdAt: since }).where(eq(eventTypes.userId, host.userId));
  return summary;
}

/**
 * `size` distinct hour segments of the host's days around `now`, ascending: office hours on
 * weekdays for demo sizes (about three and a half meetings a day over a few months, a quarter ahead),
 * every hour for large ones (most in the past, at most a year ahead). Segments never straddle now.
 */
function hourSegments(zone: string, size: number, nowDate: Date): { chosen: number[] } {
  const now = nowDate.getTime();
  const office = size <= OFFICE_HOURS_MAX;
  const perDay = office ? (8 * 5) / 7 : 24;
  const fill = office ? 0.45 : 0.9;
  const spanDays = Math.ceil(size / (perDay * fill)) + 2;
  // Ahead: a quarter of a demo (within the event types' 60-day window), at most a year of a large set.
  const futureDays = office
    ? Math.min(56, Math.round(spanDays * 0.25))
    : Math.min(365, Math.round(spanDays * 0.15));
  const today = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate();

  const candidates: number[] = [];
  for (let d = -(spanDays - futureDays); d <= futureDays; d++) {
    const date = today.add({ days: d });
    if (office) {
      if (date.dayOfWeek > 5) continue;
      const nine = date.toZonedDateTime({ timeZone: zone, plainTime: "09:00" }).epochMilliseconds;
      for (let h = 0; h < 8; h++) candidates.push(nine + h * HOUR_MS);
    } else {
      const { from, to } = localDateRange(date.toString(), zone);
      for (let t = from; t + HOUR_MS <= to; t += HOUR_MS) candidates.push(t);
    }
  }
  const usable = candidates.filter((t) => t + HOUR_MS <= now || t >= now);
  if (usable.length < size) throw new Error(`Could not place ${size} bookings (${usable.length} hours)`);
  // Selection sampling (Knuth's algorithm S): exactly `size` of them, in order, evenly spread.
  const rng = seededRandom(size);
  const chosen: number[] = [];
  for (let i = 0; i < usable.length && chosen.length < size; i++) {
    if ((usable.length - i) * rng() < size - chosen.length) chosen.push(usable[i]);
  }
  return { chosen };
}

/** Area codes of the demo's phone numbers (their 555-0100 to 555-0199 lines are fictional). */
const AREA_CODES = ["212", "312", "415", "617", "206", "512", "303", "404"] as const;

interface Person {
  name: string;
  email: string;
  phone: string;
  timezone: string;
}

function attendeePool(count: number, rng: () => number): Person[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  const used = new Map<string, number>();
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const handle = `${first}.${last}`
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z.]/g, "");
    const n = (used.get(handle) ?? 0) + 1;
    used.set(handle, n);
    people.push({
      name: `${first} ${last}`,
      email: `${handle}${n > 1 ? n : ""}@${pick(DOMAINS)}`,
      // E.164, as bookings store phones: US numbers in the 555-01xx range kept for fiction.
      phone: `+1${pick(AREA_CODES)}55501${String(Math.floor(rng() * 100)).padStart(2, "0")}`,
      timezone: pick(ZONES),
    });
  }
  return people;
}

function answersFor(questions: readonly Question[], rng: () => number): Answer[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
  return questions
    .filter((q) => q.required || rng() < 0.7)
    .map((q) => ({
      question: q.question,
      answer: q.options?.length ? pick(q.options) : pick(ANSWERS[q.question] ?? MESSAGES),
    }));
}

/** A random (version 4 layout) UUID from the seeded generator, so runs are repeatable. */
function uuidFrom(rng: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
