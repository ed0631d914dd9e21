/**
 * Every vitest file starts with English active, the invitees' catalogue and the host app's together, as
 * the host app starts (main.tsx) and the booking app does from the page: components' texts read as the
 * spec writes them. A test of another language activates it (testing/languages.ts).
 */
import en from "../../i18n/web/en.json";
import appEn from "../lib/app-catalogues/en";
import { activate } from "../lib/i18n";
import { compileCatalogue } from "../lib/i18n-compile";

activate({ locale: "en", messages: compileCatalogue({ ...en, ...appEn }) });
