/**
 * The ids of the host app's words (issue 27): one catalogue per area of the app, in
 * src/i18n/app/<area>/<locale>.json, ids prefixed with the area ("shell.nav.meetings"). A new area adds
 * its English file's keys here, so `t` accepts exactly the ids that exist.
 */
import type blocklist from "../../i18n/app/blocklist/en.json";
import type calendars from "../../i18n/app/calendars/en.json";
import type contacts from "../../i18n/app/contacts/en.json";
import type developers from "../../i18n/app/developers/en.json";
import type embeds from "../../i18n/app/embeds/en.json";
import type polls from "../../i18n/app/polls/en.json";
import type shell from "../../i18n/app/shell/en.json";
import type teams from "../../i18n/app/teams/en.json";
import type translations from "../../i18n/app/translations/en.json";
import type webhooks from "../../i18n/app/webhooks/en.json";
import type workflows from "../../i18n/app/workflows/en.json";

export type AppMessageId =
  | keyof typeof shell
  | keyof typeof translations
  | keyof typeof contacts
  | keyof typeof workflows
  | keyof typeof teams
  | keyof typeof polls
  | keyof typeof webhooks
  | keyof typeof developers
  | keyof typeof embeds
  | keyof typeof blocklist
  | keyof typeof calendars;
