import type { Messages } from "@lingui/core";

/** The key a build-time compiled catalogue carries (vite.config.ts): its messages are ready for Lingui. */
export const PRECOMPILED = "__precompiled";

/** The catalogue's messages ready for Lingui: as they are when compiled at build time, else compiled now. */
export async function readyMessages(source: Record<string, unknown>): Promise<Messages> {
  if (source[PRECOMPILED]) {
    const { [PRECOMPILED]: _, ...messages } = source;
    return messages as Messages;
  }
  const { compileCatalogue } = await import("./i18n-compile");
  return compileCatalogue(source);
}
