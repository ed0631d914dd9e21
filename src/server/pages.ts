import { Temporal } from "temporal-polyfill";
import { firstAnswerKey as key } from "../contract/first-answers.js";
import { RESERVED_USERNAMES, USERNAME_MAX, USERNAME_MIN } from "../contract/usernames.js";
import type { EmbedsService } from "./features/embeds/service.js";
import type { EventTypesService } from "./features/event-types/service.js";
import type { EventRef, SlotsService } from "./features/slots/service.js";
import type { UsersService } from "./features/users/service.js";
import type { PageRoute, PageVisit } from "./lib/web-pages.js";

/** How many months the booking page moves on by itself when the first is empty (DateTimeStep). */
const AUTO_ADVANCE_LIMIT = 2;

export interface PageDeps {
  eventTypes: Pick<EventTypesService, "getPublic">;
  slots: Pick<SlotsService, "monthView">;
  users: Pick<UsersService, "publicProfileView" | "renamedTo">;
  embeds: Pick<EmbedsService, "frameAncestors">;
  now: () => Date;
}

/**
 * A first path segment that can be a username (src/contract/usernames.ts, case-insensitive): the
 * pattern's length and form, and none of the reserved words, which cover every path of the host app
 * and /api, so /{username} pages never shadow them.
 */
const USERNAME = `(?!(?:${[...RESERVED_USERNAMES].join("|")})(?:/|$))(?=[a-z0-9-]{${USERNAME_MIN},${USERNAME_MAX}}(?:/|$))([a-z0-9]+(?:-[a-z0-9]+)*)`;

/**
 * The web app's pages and what each inlines (see lib/web-pages.ts and ARCHITECTURE.md). Invitees'
 * pages are book.html; every other path is the host app's index.html. A new public page adds its
 * pattern here, with `firstAnswers` when it can show something without waiting for its own fetches.
 */
export function pageRoutes(deps: PageDeps): PageRoute[] {
  // Invitees' pages may be framed by other sites (issue 25): by any, unless their host names some.
  const framedBy = deps.embeds.frameAncestors;
  return [
    {
      path: /^\/book\/([^/]+)\/?$/,
      file: "book.html",
      firstAnswers: (visit) => {
        const slug = slugOf(visit.params[0]);
        return bookingPage(deps, visit, slug, { slug });
      },
      firstView: (visit, answers) => bookingFirstView(deps, visit, answers, slugOf(visit.params[0])),
      language: (visit) => eventTypeLanguage(deps, visit, slugOf(visit.params[0])),
      frameAncestors: ([slug]) => framedBy({ bookSlug: slugOf(slug) }),
    },
    // Names no host; its link carries the booking's own token (and the mails' links its language).
    {
      path: /^\/booking-confirmed\/?$/,
      file: "book.html",
      language: async () => ({}),
      frameAncestors: async () => null,
    },
    {
      path: /^\/user\/([^/]+)\/?$/,
      file: "book.html",
      firstAnswers: (visit) => profilePage(deps, visit, (visit.params[0] ?? "").toLowerCase()),
      language: (visit) => profileLanguage(deps, visit, (visit.params[0] ?? "").toLowerCase()),
      frameAncestors: ([id = ""]) => framedBy({ userId: id.toLowerCase() }),
    },
    // The team page and a poll are pages of the host app; framed, the app holds no session (lib/api.ts).
    {
      path: /^\/team\/([^/]+)\/?$/,
      file: "index.html",
      frameAncestors: ([slug]) => framedBy({ teamSlug: slugOf(slug) }),
    },
    {
      path: /^\/poll\/([^/]+)\/?$/,
      file: "index.html",
      frameAncestors: ([slug]) => framedBy({ pollSlug: slugOf(slug) }),
    },
    // Issue 12: the host's own links, with the same first answers as /book/:slug and /user/:userId.
    {
      path: new RegExp(`^/${USERNAME}/([^/]+)/?$`, "i"),
      file: "book.html",
      firstAnswers: (visit) => {
        const user = (visit.params[0] ?? "").toLowerCase();
        const slug = slugOf(visit.params[1]);
        // The page's key for it (eventRefOf in src/web/features/bookings/bookingApi.ts).
        return bookingPage(deps, visit, `${user}/${slug}`, { slug, user });
      },
      firstView: (visit, answers) =>
        bookingFirstView(
          deps,
          visit,
          answers,
          `${(visit.params[0] ?? "").toLowerCase()}/${slugOf(visit.params[1])}`,
        ),
      language: (visit) =>
        eventTypeLanguage(deps, visit, slugOf(visit.params[1]), (visit.params[0] ?? "").toLowerCase()),
      frameAncestors: ([user = ""]) => framedBy({ username: user.toLowerCase() }),
      movedTo: async ([user = "", slug = ""]) => {
        const now = await deps.users.renamedTo(user.toLowerCase());
        return now ? `/${now}/${slug}` : null;
      },
    },
    {
      path: new RegExp(`^/${USERNAME}/?$`, "i"),
      file: "book.html",
      firstAnswers: (visit) => profilePage(deps, visit, (visit.params[0] ?? "").toLowerCase()),
      language: (visit) => profileLanguage(deps, visit, (visit.params[0] ?? "").toLowerCase()),
      frameAncestors: ([user = ""]) => framedBy({ username: user.toLowerCase() }),
      movedTo: async ([user = ""]) => {
        const now = await deps.users.renamedTo(user.toLowerCase());
        return now ? `/${now}` : null;
      },
    },
  ];
}

/**
 * The booking page's first view is rendered on the server when its event type was found and the
 * page books (a reschedule link's times depend on its token): in the zone its times were looked up in.
 */
function bookingFirstView(
  deps: PageDeps,
  visit: PageVisit,
  answers: Record<string, unknown>,
  slug: string,
): { zone: string; now: number } | null {
  const eventType = answers[key(["event-type", slug])] as { user: { timezone: string } } | undefined;
  // An embedded page (issue 25) looks different (no chrome, the embedder's theme): the browser renders it.
  if (!eventType || visit.query.has("reschedule") || visit.query.has("embed")) return null;
  return { zone: visit.zone ?? eventType.user.timezone, now: deps.now().getTime() };
}

/** An event type's slug as a path segment names it (a malformed escape throws: the caller's catch). */
const slugOf = (segment: string | undefined) => decodeURIComponent(segment ?? "").toLowerCase();

const nextMonth = (month: string) => Temporal.PlainYearMonth.from(month).add({ months: 1 }).toString();

type PublicEventType = Awaited<ReturnType<PageDeps["eventTypes"]["getPublic"]>>;

/** The page's event type, looked up once per request for its language and its answers. */
function eventTypeOf(
  deps: PageDeps,
  visit: PageVisit,
  slug: string,
  user?: string,
): Promise<PublicEventType | null> {
  const name = `event-type|${user ?? ""}|${slug}`;
  let found = visit.shared.get(name) as Promise<PublicEventType | null> | undefined;
  if (!found) {
    found = deps.eventTypes.getPublic(slug, user).catch(() => null);
    visit.shared.set(name, found);
  }
  return found;
}

function profileOf(deps: PageDeps, visit: PageVisit, ref: string): Promise<Record<string, unknown> | null> {
  const name = `profile|${ref}`;
  let found = visit.shared.get(name) as Promise<Record<string, unknown> | null> | undefined;
  if (!found) {
    found = deps.users.publicProfileView(ref).catch(() => null);
    visit.shared.set(name, found);
  }
  return found;
}

/** The booking page's host choices of language: the event type's fixed one, the host's default. */
async function eventTypeLanguage(deps: PageDeps, visit: PageVisit, slug: string, user?: string) {
  const eventType = await eventTypeOf(deps, visit, slug, user);
  return { eventType: eventType?.language, host: eventType?.user.language };
}

async function profileLanguage(deps: PageDeps, visit: PageVisit, ref: string) {
  const profile = await profileOf(deps, visit, ref);
  return { host: (profile?.user as { language?: string | null } | undefined)?.language };
}

/** /{username} and /user/:userId: the profile answer, under the key the page reads it by. */
async function profilePage(deps: PageDeps, visit: PageVisit, ref: string): Promise<Record<string, unknown>> {
  const profile = await profileOf(deps, visit, ref);
  return profile ? { [key(["profile", ref])]: profile } : {};
}

/**
 * /book/:slug and /{username}/{slug}: the event type, and in the invitee's zone (known from an
 * earlier visit, else the host's) the month's open days and the times of today and of the first
 * open day: what the page shows first. A page that moves a booking gets only the event type (its
 * times depend on the token). `slug` is the page's key for the event type (eventRefOf).
 */
async function bookingPage(
  deps: PageDeps,
  visit: PageVisit,
  slug: string,
  ref: EventRef & { slug: string; user?: string },
): Promise<Record<string, unknown>> {
  const eventType = await eventTypeOf(deps, visit, ref.slug, ref.user);
  if (!eventType) return {};
  const answers: Record<string, unknown> = { [key(["event-type", slug])]: eventType };
  if (visit.query.has("reschedule")) return answers;
  const zone = visit.zone ?? eventType.user.timezone;
  const today = Temporal.Instant.fromEpochMilliseconds(deps.now().getTime())
    .toZonedDateTimeISO(zone)
    .toPlainDate()
    .toString();
  let month = today.slice(0, 7);
  for (let advanced = 0; advanced <= AUTO_ADVANCE_LIMIT; advanced++) {
    // The page asks for today's times with the month (the first month only) and opens the first open day.
    const view = await deps.slots.monthView(ref, month, zone, (days) => {
      const first = days.find((d) => d >= today);
      return [...new Set([...(advanced === 0 ? [today] : []), ...(first ? [first] : [])])];
    });
    answers[key(["month", slug, month, zone, ""])] = { days: view.days };
    for (const [date, slots] of Object.entries(view.slots))
      answers[key(["day", slug, date, zone, ""])] = slots;
    if (view.days.some((d) => d >= today)) break;
    month = nextMonth(month);
  }
  return answers;
}
