import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { FirstViewRequest } from "../../contract/first-answers.js";

/** Renders the booking page's first view (src/web/ssr.tsx) to the markup of its #root. */
export type FirstViewRenderer = (request: FirstViewRequest) => string;

/**
 * The first-view renderer `vite build` writes beside the web app (dist/ssr/ssr.js next to
 * dist/web), or null when there is none (a WEB_DIR built elsewhere, or tests without a bundle):
 * pages then render in the browser only, as before.
 */
export async function loadFirstView(
  webDir: string | null,
  log: FastifyBaseLogger,
): Promise<FirstViewRenderer | null> {
  if (!webDir) return null;
  const file = path.join(webDir, "..", "ssr", "ssr.js");
  if (!fs.existsSync(file)) return null;
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderBookingPage?: FirstViewRenderer };
    return module.renderBookingPage ?? null;
  } catch (error) {
    log.warn({ err: error }, "could not load the first-view renderer; pages render in the browser");
    return null;
  }
}

/** The markup the root element of a built page starts with (src/web/book.html). */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page's tail with `markup` in its root. `data-first-view` marks it as the server's until the
 * app renders over it (book.tsx removes the mark; book.css keeps its controls inert until then).
 */
export function withFirstView(tail: string, markup: string): string {
  if (!tail.includes(EMPTY_ROOT)) return tail;
  return tail.replace(EMPTY_ROOT, () => `<div id="root" data-first-view>${markup}</div>`);
}
