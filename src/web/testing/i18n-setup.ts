/**
 * Every vitest file starts with English active, the invitees' catalogue and the host app's together, as
 * the host app starts (main.tsx) and the booking app does from the page: components' texts read as the
 * spec writes them. A test of another language activates it (testing/languages.ts).
 */
import en from "../../i18n/web/en.json";
import { APP_AREAS, areaMessages, BASE_AREAS, ensureAreas } from "../lib/app-areas";
import { activate, i18n } from "../lib/i18n";
import { compileCatalogue } from "../lib/i18n-compile";

activate({ locale: "en", messages: compileCatalogue(en) });
// Screens render here without their route's lazy loader: every area is wanted, loaded now in English
// and by loadAppLanguage in another language a test activates. The base areas, which main.tsx loads
// with the language in the app, are wanted from the start, so ensureAreas leaves them to us.
await ensureAreas(APP_AREAS);
i18n.load("en", (await areaMessages("en", BASE_AREAS)) as never);

// Screens' findBy and waitFor wait up to 5 s instead of testing-library's 1 s: CI runs two test files
// at once on two cores, and there a screen's next render has taken longer than a second. Only files
// with a DOM (happy-dom) load testing-library for it; the server's tests are left as they are.
if (typeof window !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 5000 });
}
