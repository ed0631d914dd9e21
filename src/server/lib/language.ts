import type { FastifyRequest } from "fastify";
import { type LanguageSources, resolveLanguage } from "../../contract/language-resolution.js";
import { isRtl, type Locale } from "../../contract/languages.js";
import { compiledCatalogue } from "./catalogues.js";

/** The element the page's language and catalogue are inlined into (read by src/web/lib/i18n.ts). */
export const LANGUAGE_ID = "kairos-language";

/**
 * The language of an invitees' page, resolved before its first byte (issue 27): `?lang=`, then the
 * host's choices the route looked up (the event type's fixed language, the host's default), then the
 * browser's Accept-Language, then English.
 */
export function pageLanguage(
  request: FastifyRequest,
  query: URLSearchParams,
  host: Pick<LanguageSources, "eventType" | "host">,
): Locale {
  return resolveLanguage({
    query: query.get("lang"),
    ...host,
    acceptLanguage: String(request.headers["accept-language"] ?? ""),
  });
}

/**
 * The page's head in `locale`: `<html lang dir>` set, and the compiled catalogue inlined as JSON
 * (never executed, so the CSP stays script-src 'self') for the app to start in that language.
 */
export function headIn(head: string, locale: Locale, scriptJson: (value: unknown) => string): string {
  const html = `<html lang="${locale}" dir="${isRtl(locale) ? "rtl" : "ltr"}"`;
  const inline = `<script type="application/json" id="${LANGUAGE_ID}">${scriptJson({
    locale,
    messages: compiledCatalogue("web", locale),
  })}</script>`;
  return head.replace(/<html(?: lang="[^"]*")?/, html) + inline;
}
