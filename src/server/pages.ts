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
