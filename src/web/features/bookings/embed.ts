/**
 * The invitees' pages inside another website's iframe (issue 25, `?embed=1`, made by the loader
 * /embed/v1/embed.js). Read once from the first address, kept in memory only: an embedded page
 * writes no cookie and no storage (third-party cookies and storage may be blocked), and it tells the
 * embedding page what happens by postMessage, to that page's origin only (never "*").
 */
import type { BookingDto } from "../../../contract/bookings";
import {
  type Attribution,
  attributionFrom,
  EMBED_MESSAGE_TYPE,
  EMBED_MESSAGE_VERSION,
  type EmbedEvent,
  type EmbedMessage,
  type EmbedOptions,
  embedOptionsFrom,
} from "../../../contract/embed";

const browser = typeof window !== "undefined";
const firstQuery = browser ? new URLSearchParams(window.location.search) : new URLSearchParams();

/** The embed options of this page, or null on a page of its own (and on the server's first view). */
export const embed: EmbedOptions | null =
  browser && window.parent !== window ? embedOptionsFrom(firstQuery) : null;

/** The invitee's zone the embedding page chose, when it is one this browser knows. */
export const embedZone: string | null = (() => {
  if (!embed?.zone) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: embed.zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
})();

/** UTM and metadata the page was opened with (embedded or not): stored on the booking. */
export const pageAttribution: Attribution | null = embed?.attribution ?? attributionFrom(firstQuery);

/** Tells the embedding page; nothing when the page is not embedded. */
export function embedEvent(event: EmbedEvent, data: Record<string, unknown> = {}): void {
  if (!embed) return;
  const message: EmbedMessage = {
    type: EMBED_MESSAGE_TYPE,
    version: EMBED_MESSAGE_VERSION,
    namespace: embed.namespace,
    event,
    data,
  };
  window.parent.postMessage(message, embed.parentOrigin);
}

/** What the embedding page learns of a booking: enough to thank and track, no manage token. */
export function bookingEventData(booking: BookingDto): Record<string, unknown> {
  return {
    uid: booking.uid,
    start: booking.startTime,
    end: booking.endTime,
    eventType: { id: booking.eventType._id, slug: booking.eventType.slug, title: booking.eventType.title },
    invitee: { name: booking.attendee.name, email: booking.attendee.email },
  };
}

/**
 * Styles the page for the frame (theme, brand colour, no page chrome), reports its height whenever
 * it changes (rounded up, so the frame never needs a scrollbar) and says it is ready.
 */
export function startEmbed(root: HTMLElement): void {
  if (!embed) return;
  const html = document.documentElement;
  html.dataset.embed = firstQuery.get("layout") === "popup" ? "popup" : "inline";
  // "auto" follows the invitee's system setting, live; the styles know only light and dark.
  if (embed.theme === "auto") {
    const dark = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = () => {
      html.dataset.theme = dark.matches ? "dark" : "light";
    };
    follow();
    dark.addEventListener("change", follow);
  } else html.dataset.theme = embed.theme;
  if (embed.brandColor) {
    // Set through the CSSOM: a validated hex colour only (contract/embed.ts), never a style text.
    html.style.setProperty("--color-accent", embed.brandColor);
    html.style.setProperty("--color-accent-strong", `color-mix(in srgb, ${embed.brandColor} 82%, black)`);
    html.style.setProperty("--color-accent-hover", `color-mix(in srgb, ${embed.brandColor} 70%, black)`);
    html.style.setProperty("--color-accent-soft", `color-mix(in srgb, ${embed.brandColor} 10%, white)`);
  }
  let last = 0;
  const report = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last || height === 0) return;
    last = height;
    embedEvent("heightChanged", { height });
  };
  new ResizeObserver(report).observe(root);
  embedEvent("ready", { path: window.location.pathname });
}
