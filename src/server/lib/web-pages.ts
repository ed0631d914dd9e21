import fs from "node:fs";
import path from "node:path";
import { PassThrough, type Transform } from "node:stream";
import {
  type BrotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  type Gzip,
  gzipSync,
} from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EMBED_LOADER_PATH } from "../../contract/embed.js";
import type { LanguageSources } from "../../contract/language-resolution.js";
import type { Locale } from "../../contract/languages.js";
import { compiledCatalogue } from "./catalogues.js";
import { loadFirstView, withFirstView } from "./first-view.js";
import { headIn, pageLanguage } from "./language.js";
import { allowFraming } from "./security-headers.js";

/** What a page's first answers may depend on. */

/**
 * Helmet's headers that only a document obeys (CSP, framing, COOP, ...). A script, stylesheet or font is
 * never a document, so on those they are ~500 bytes for nothing on each of the host app's ~70 first
 * requests (issue 30: the dashboard's cold transfer). HTML, SVG and everything else keep them all, and
 * every file keeps nosniff, CORP, HSTS and the referrer policy (a stylesheet's font requests use it).
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;
const SUBRESOURCE_FILE = /\.(?:m?js|css|woff2?)(?:\.br|\.gz)?$/;

export interface PageVisit {
  /** The path pattern's capture groups. */
  params: string[];
  query: URLSearchParams;
  /** The invitee's IANA zone as their browser reported it on an earlier visit (cookie), else null. */
  zone: string | null;
  /** Lookups the route's hooks share within this one request (the language's and the answers' event type). */
  shared: Map<string, Promise<unknown>>;
  /** The page's language, once resolved (invitees' pages). */
  locale?: Locale;
}

/**
 * A page of the web app. `firstAnswers` gives the API answers the page asks for first, keyed as the
 * page's early fetches key them (firstAnswerKey in src/contract/first-answers.ts, read by src/web/features/bookings/earlyFetch.ts);
 * they go into the HTML as a JSON script (never executed, so the CSP stays script-src 'self'), and
 * the page shows them without a round trip. A failure there only means the page fetches as usual.
 */
export interface PageRoute {
  path: RegExp;
  /** The built HTML file: book.html for the invitees' pages. */
  file: string;
  firstAnswers?: (visit: PageVisit) => Promise<Record<string, unknown>>;
  /**
   * The zone and clock to render the page's first view with from its answers (the booking page:
   * src/web/ssr.tsx), or null to leave it to the browser.
   */
  firstView?: (visit: PageVisit, answers: Record<string, unknown>) => { zone: string; now: number } | null;
  /**
   * An invitees' page speaks the invitee's language (issue 27): the host's choices for it (the event
   * type's fixed language, the host's default), looked up before the first byte; see lib/language.ts.
   */
  language?: (visit: PageVisit) => Promise<Pick<LanguageSources, "eventType" | "host">>;
  /** Where the page lives now when the path is an old address of it (a username given up), else null. */
  movedTo?: (params: string[]) => Promise<string | null>;
  /**
   * An invitees' page other sites may frame (issue 25): the sources its host allows (null: any
   * site). Pages without it keep frame-ancestors 'none'.
   */
  frameAncestors?: (params: string[]) => Promise<string[] | null>;
}

/**
 * How long browsers keep a moved page's redirect. Not forever, as a bare 301 would be: a given-up
 * username redirects for 90 days and may then be taken by someone else.
 */
const MOVED_MAX_AGE_S = 24 * 60 * 60;

/** How long browsers and proxies keep the embed loader at its permanent address. */
const EMBED_LOADER_MAX_AGE_S = 300;

/** The cookie the booking page keeps the browser's zone in, so the next visit gets its times inlined. */
export const ZONE_COOKIE = "kairos_tz";
export const FIRST_ANSWERS_ID = "kairos-first-answers";

/**
 * The OAuth callback pages that run in popups: sign-in (/auth/google/callback, /auth/sbu/callback, ...)
 * and connecting a Google calendar (/calendar/google/callback).
 */
const OAUTH_CALLBACK_PATH = /^\/(?:auth\/[a-z0-9-]+(?:\/[a-z0-9-]+)?|calendar\/google)\/callback\/?$/;

interface Html {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The page split where the first answers go (before </head>). */
  head: string;
  tail: string;
}

type Encoding = "br" | "gzip";

function compress(plain: Buffer, encoding: Encoding): Buffer {
  // Quality 5: a few kB of HTML per request, compressed in well under a millisecond.
  return encoding === "br"
    ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(plain, { level: 6 });
}

/** A response body written in parts: compressed as the browser accepts, else as is. */
function streamFor(encoding: Encoding | null): Transform {
  if (encoding === "br") return createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === "gzip") return createGzip({ level: 6 });
  return new PassThrough();
}

function pick(request: FastifyRequest): Encoding | null {
  const accept = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return null;
}

function zoneOf(request: FastifyRequest): string | null {
  const cookie = String(request.headers.cookie ?? "");
  const raw = cookie.match(new RegExp(`(?:^|;\\s*)${ZONE_COOKIE}=([^;]+)`))?.[1];
  if (!raw) return null;
  try {
    const zone = decodeURIComponent(raw);
    // Throws for anything that is not a zone the runtime knows.
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** JSON that cannot end its script element or open a comment inside it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * Serves the built web app: fingerprinted assets with their build-time brotli/gzip twins
 * (vite.config.ts writes them), and every other GET path as the HTML page its route names
 * (index.html by default), compressed, with the route's first answers inlined. Unknown /api paths
 * stay JSON 404s.
 */
export function registerWebPages(app: FastifyInstance, webDir: string | null, routes: PageRoute[]): void {
  const hasBundle = webDir !== null && fs.existsSync(path.join(webDir, "index.html"));
  const renderer = hasBundle ? loadFirstView(webDir, app.log) : Promise.resolve(null);
  const pages = new Map<string, Html | null>();
  const htmlOf = (file: string): Html | null => {
    if (!webDir) return null;
    if (!pages.has(file)) {
      const full = path.join(webDir, file);
      if (!fs.existsSync(full)) pages.set(file, null);
      else {
        const text = fs.readFileSync(full, "utf8");
        const at = text.includes("</head>") ? text.indexOf("</head>") : 0;
        const plain = Buffer.from(text);
        pages.set(file, {
          plain,
          br: compress(plain, "br"),
          gzip: compress(plain, "gzip"),
          head: text.slice(0, at),
          tail: text.slice(at),
        });
      }
    }
    return pages.get(file) ?? null;
  };

  if (hasBundle) {
    app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/, so those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header("Cache-Control", "public, max-age=31536000, immutable");
        }
        if (SUBRESOURCE_FILE.test(filePath))
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }

  // The embed loader (issue 25) runs on other sites: they load it cross-origin (helmet's
  // same-origin resource policy would block it), and its permanent address is cached briefly so a
  // new build reaches every site within minutes.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.split("?", 1)[0] === EMBED_LOADER_PATH && reply.statusCode === 200) {
      reply.header("Cross-Origin-Resource-Policy", "cross-origin");
      reply.header("Cache-Control", `public, max-age=${EMBED_LOADER_MAX_AGE_S}`);
    }
    done(null, payload);
  });

  async function sendPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    let route: PageRoute | undefined;
    let match: RegExpExecArray | null = null;
    for (const r of routes) {
      match = r.path.exec(pathname);
      if (match && htmlOf(r.file)) {
        route = r;
        break;
      }
    }
    if (route?.movedTo && match) {
      const to = await route.movedTo(match.slice(1)).catch((error: unknown) => {
        request.log.warn({ err: error }, "could not tell whether the page moved");
        return null;
      });
      if (to) {
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        return reply
          .header("Cache-Control", `public, max-age=${MOVED_MAX_AGE_S}`)
          .redirect(`${to}${query}`, 301);
      }
    }
    if (route?.frameAncestors && match) {
      const ancestors = await route.frameAncestors(match.slice(1)).catch((error: unknown) => {
        request.log.warn({ err: error }, "could not read who may frame the page; only Kairos may");
        return ["'self'"];
      });
      allowFraming(reply, ancestors);
    }
    const html = htmlOf(route?.file ?? "index.html");
    if (!html)
      return reply.status(404).send({ success: false, message: "Not found", errorCode: "NOT_FOUND" });
    const encoding = pick(request);
    let body: Buffer | Transform = encoding ? html[encoding] : html.plain;
    if ((route?.firstAnswers || route?.language) && match) {
      const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      const visit: PageVisit = {
        params: match.slice(1),
        query: new URLSearchParams(search),
        zone: zoneOf(request),
        shared: new Map(),
      };
      const { firstAnswers = async () => ({}), firstView } = route;
      const answered = firstAnswers(visit);
      answered.catch(() => {}); // handled below, after the head
      let head = html.head;
      if (route.language) {
        const { language } = route;
        const hostChoices = await Promise.resolve()
          .then(() => language(visit))
          .catch((error: unknown) => {
            request.log.warn({ err: error }, "could not read the host's language; the invitee's applies");
            return {};
          });
        visit.locale = pageLanguage(request, visit.query, hostChoices);
        head = headIn(head, visit.locale, scriptJson);
      }
      // The head (the scripts and stylesheet the page needs) goes out at once, so the browser fetches
      // them while the answers are looked up; the answers follow in the same response. Module scripts
      // run after the whole document is parsed, so they always find the answers in place.
      const stream = streamFor(encoding);
      stream.write(head);
      // Out of the compressor now, not when its buffer happens to fill.
      if (encoding) (stream as BrotliCompress | Gzip).flush();
      const locale = visit.locale ?? "en";
      void answered
        .catch((error: unknown) => {
          request.log.warn({ err: error }, "first answers failed; the page fetches them");
          return {};
        })
        .then(async (answers) => {
          const script =
            Object.keys(answers).length > 0
              ? `<script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptJson(answers)}</script>`
              : "";
          let tail = html.tail;
          try {
            const view = firstView?.(visit, answers);
            const render = view ? await renderer : null;
            if (view && render) {
              const language = { locale, messages: compiledCatalogue("web", locale) };
              tail = withFirstView(tail, render({ pathname, search, ...view, answers, language }));
            }
          } catch (error) {
            request.log.warn({ err: error }, "first view failed; the browser renders the page");
          }
          stream.end(script + tail);
        });
      body = stream;
    }
    // A provider's page sends the popup back here; with any opener policy but the default the browser
    // would put this page in a new browsing context group, and it could no longer tell its opener.
    if (OAUTH_CALLBACK_PATH.test(pathname)) reply.removeHeader("cross-origin-opener-policy");
    reply
      .header("Content-Type", "text/html; charset=utf-8")
      // no-cache: after a deploy the page must name the new fingerprinted assets; its times are live.
      .header("Cache-Control", "no-cache")
      .header("Vary", route?.language ? "Accept-Encoding, Accept-Language" : "Accept-Encoding");
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply.send(body);
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (!isApi && hasBundle && (request.method === "GET" || request.method === "HEAD")) {
      return sendPage(request, reply, request.url.split("?", 1)[0]);
    }
    return reply.status(404).send({ success: false, message: "Not found", errorCode: "NOT_FOUND" });
  });
}
