/**
 * Embeds (issue 25): what the loader script, the booking app in embed mode and the host's page agree
 * on. These names are public: websites copy them into their code, so they never change within a
 * version (`embed.test.ts` holds them). No zod here: the public booking app and the loader read this
 * file and carry its bytes.
 */

/** The loader's permanent address; a new major gets a new path, this one is never renamed. */
export const EMBED_LOADER_PATH = "/embed/v1/embed.js";

/** `type` and `version` of every message the frame posts to the embedding page. */
export const EMBED_MESSAGE_TYPE = "kairos";
export const EMBED_MESSAGE_VERSION = 1;

export const EMBED_EVENTS = [
  "ready",
  "eventTypeViewed",
  "dateSelected",
  "timeSelected",
  "bookingCreated",
  "bookingRescheduled",
  "bookingCancelled",
  "heightChanged",
  "error",
] as const;
export type EmbedEvent = (typeof EMBED_EVENTS)[number];

export const EMBED_MODES = ["inline", "popup", "floating"] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];

export const EMBED_THEMES = ["light", "dark", "auto"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** What the frame sends: `{type: "kairos", version: 1, event, data}` (the embedding page checks the origin). */
export interface EmbedMessage {
  type: typeof EMBED_MESSAGE_TYPE;
  version: typeof EMBED_MESSAGE_VERSION;
  /** The loader's namespace this frame belongs to, so several embeds on one page tell their events apart. */
  namespace: string;
  event: EmbedEvent;
  data: Record<string, unknown>;
}

/** Attribution a booking keeps: the UTM parameters and free metadata the embedding page passed. */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export const METADATA_MAX_KEYS = 20;
/** The longest metadata key, and the longest value of a metadata entry or UTM parameter. */
export const METADATA_KEY_MAX = 100;
export const ATTRIBUTION_VALUE_MAX = 500;
export const METADATA_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

export interface Attribution {
  utm: Partial<Record<(typeof UTM_KEYS)[number], string>>;
  metadata: Record<string, string>;
}

/** Only a full hex colour (#rgb or #rrggbb): anything else could smuggle CSS into a style. */
export const BRAND_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** An origin as browsers write it (scheme, host, optional port), http or https only. */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.origin === value.replace(/\/$/, "") ? url.origin : null;
  } catch {
    return null;
  }
}

/** What the booking page reads from its address in embed mode (`?embed=1&...`). */
export interface EmbedOptions {
  /** The embedding page's origin: the only target of the frame's messages. */
  parentOrigin: string;
  namespace: string;
  theme: EmbedTheme;
  brandColor: string | null;
  hideDetails: boolean;
  prefill: { name?: string; email?: string; phone?: string; notes?: string; guests?: string[] };
  zone: string | null;
  attribution: Attribution | null;
}

const PREFILL_MAX = 500;
const clip = (value: string | null) => (value ? value.slice(0, PREFILL_MAX) : undefined);

/** Attribution from a query: `utm_*` and `metadata[key]=value`, silently bounded as the contract bounds it. */
export function attributionFrom(query: URLSearchParams): Attribution | null {
  const utm: Attribution["utm"] = {};
  for (const key of UTM_KEYS) {
    const value = query.get(key);
    if (value) utm[key] = value.slice(0, ATTRIBUTION_VALUE_MAX);
  }
  const metadata: Record<string, string> = {};
  for (const [name, value] of query) {
    const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
    if (!key || !METADATA_KEY_PATTERN.test(key) || key in metadata) continue;
    if (Object.keys(metadata).length >= METADATA_MAX_KEYS) break;
    metadata[key] = value.slice(0, ATTRIBUTION_VALUE_MAX);
  }
  return Object.keys(utm).length + Object.keys(metadata).length > 0 ? { utm, metadata } : null;
}

/** Embed options from the frame's address, or null when the page is not embedded (or the origin is bad). */
export function embedOptionsFrom(query: URLSearchParams): EmbedOptions | null {
  if (query.get("embed") !== "1") return null;
  const parentOrigin = originOf(query.get("embedOrigin"));
  if (!parentOrigin) return null;
  const theme = query.get("theme");
  const brand = query.get("brandColor");
  const guests = query.get("guests");
  return {
    parentOrigin,
    namespace: (query.get("embedNs") ?? "").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 40) || "default",
    theme: EMBED_THEMES.includes(theme as EmbedTheme) ? (theme as EmbedTheme) : "light",
    brandColor: brand && BRAND_COLOR_PATTERN.test(brand) ? brand : null,
    hideDetails: query.get("hideDetails") === "1" || query.get("hideDetails") === "true",
    prefill: {
      name: clip(query.get("name")),
      email: clip(query.get("email")),
      phone: clip(query.get("phone")),
      notes: clip(query.get("notes")),
      guests: guests
        ? guests
            .split(",")
            .map((g) => g.trim())
            .filter(Boolean)
            .slice(0, 10)
        : undefined,
    },
    zone: query.get("zone"),
    attribution: attributionFrom(query),
  };
}
