/**
 * Lingui's ICU compiler over a catalogue, in the browser: only for catalogues that were not compiled
 * at build time (the dev server, component tests). A production build compiles every catalogue as it
 * bundles it (vite.config.ts, `precompiledCatalogues`), so the app never loads this module there.
 */
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { PRECOMPILED } from "./i18n-precompiled";

export function compileCatalogue(source: Record<string, unknown>): Messages {
  return Object.fromEntries(
    Object.entries(source)
      .filter(([id]) => id !== PRECOMPILED)
      .map(([id, message]) => [id, typeof message === "string" ? compileMessage(message) : message]),
  ) as Messages;
}
