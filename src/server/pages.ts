import { Temporal } from "temporal-polyfill";
import { firstAnswerKey as key } from "../contract/first-answers.js";
import type { EventTypesService } from "./features/event-types/service.js";
import type { SlotsService } from "./features/slots/service.js";
import type { PageRoute, PageVisit } from "./lib/web-pages.js";

/** How many months the booking page moves on by itself when the first is empty (DateTimeStep). */
const AUTO_ADVANCE_LIMIT = 2;

export interface PageDeps {
  eventTypes: EventTypesService;
  slots: SlotsService;
  now: () => Date;
}

/**
 * The web app's pages and what each inlines (see lib/web-pages.ts and ARCHITECTURE.md). Invitees'
 * pages are book.html; every other path is the host app's index.html. A new public page adds its
 * pattern here, with `firstAnswers` when it can show something without waiting for its own fetches.
 */
export function pageRoutes(deps: PageDeps): PageRoute[] {
  return [
    { path: /^\/book\/([^/]+)\/?$/, file: "book.html", firstAnswers: (visit) => bookingPage(deps, visit) },
    { path: /^\/booking-confirmed\/?$/, file: "book.html" },
    { path: /^\/user\/[^/]+\/?$/, file: "book.html" },
  ];
}

const nextMonth = (month: string) => Temporal.PlainYearMonth.from(month).add({ months: 1 }).toString();

/**
 * /book/:slug: the event type, and in the invitee's zone (known from an earlier visit, else the
 * host's) the month's open days and the times of today and of the first open day: what the page
 * shows first. A page that moves a booking gets only the event type (its times depend on the token).
 */
async function bookingPage(deps: PageDeps, visit: PageVisit): Promise<Record<string, unknown>> {
  const slug = decodeURIComponent(visit.params[0] ?? "").toLowerCase();
  const eventType = await deps.eventTypes.getPublic(slug).catch(() => null);
  if (!eventType) return {};
  const answers: Record<string, unknown> = { [key(["event-type", slug])]: eventType };
  if (visit.query.has("reschedule")) return answers;
  const zone = visit.zone ?? eventType.user.timezone;
  const ref = { slug };
  const today = Temporal.Instant.fromEpochMilliseconds(deps.now().getTime())
    .toZonedDateTimeISO(zone)
    .toPlainDate()
    .toString();
  let month = today.slice(0, 7);
  const [days, todays] = await Promise.all([
    deps.slots.daysInMonth(ref, month, zone),
    deps.slots.forDate(ref, today, zone),
  ]);
  answers[key(["day", slug, today, zone, ""])] = todays;
  let open = days;
  for (let advanced = 0; ; advanced++) {
    answers[key(["month", slug, month, zone, ""])] = { days: open };
    const first = open.find((d) => d >= today);
    if (first) {
      if (first !== today)
        answers[key(["day", slug, first, zone, ""])] = await deps.slots.forDate(ref, first, zone);
      break;
    }
    if (advanced === AUTO_ADVANCE_LIMIT) break;
    month = nextMonth(month);
    open = await deps.slots.daysInMonth(ref, month, zone);
  }
  return answers;
}
