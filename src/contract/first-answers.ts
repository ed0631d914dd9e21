/**
 * The key of one API answer a page asks for first, shared by the server (which inlines the answers
 * into the page's HTML, src/server/pages.ts) and the page (src/web/features/bookings/earlyFetch.ts):
 * e.g. ["event-type", slug], ["month", slug, "2026-11", zone, movingUid], ["day", slug, date, zone, movingUid].
 */
export const firstAnswerKey = (parts: readonly string[]): string => parts.join("|");
