/**
 * Every vitest file starts with the web catalogue's English active (vitest.config.ts setupFiles), as
 * the host app does (main.tsx) and the booking app does from the page: components' texts read as
 * the spec writes them. A test of another language activates it (testing/languages.ts).
 */
import en from "../../i18n/web/en.json";
import { activate } from "../lib/i18n";
import { compileCatalogue } from "../lib/i18n-catalogues";

activate({ locale: "en", messages: compileCatalogue(en) });
