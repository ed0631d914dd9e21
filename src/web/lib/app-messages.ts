/**
 * The ids of the host app's words (issue 27): one catalogue per area of the app, in
 * src/i18n/app/<area>/<locale>.json, ids prefixed with the area ("shell.nav.meetings"). A new area adds
 * its English file's keys here, so `t` accepts exactly the ids that exist.
 */
import type auth from "../../i18n/app/auth/en.json";
import type availability from "../../i18n/app/availability/en.json";
import type blocklist from "../../i18n/app/blocklist/en.json";
import type calendars from "../../i18n/app/calendars/en.json";
import type common from "../../i18n/app/common/en.json";
import type contacts from "../../i18n/app/contacts/en.json";
import type dashboard from "../../i18n/app/dashboard/en.json";
import type developers from "../../i18n/app/developers/en.json";
import type embeds from "../../i18n/app/embeds/en.json";
import type eventTypes from "../../i18n/app/eventTypes/en.json";
import type landing from "../../i18n/app/landing/en.json";
import type meetings from "../../i18n/app/meetings/en.json";
import type polls from "../../i18n/app/polls/en.json";
import type settings from "../../i18n/app/settings/en.json";
import type shell from "../../i18n/app/shell/en.json";
import type teams from "../../i18n/app/teams/en.json";
import type translations from "../../i18n/app/translations/en.json";
import type validation from "../../i18n/app/validation/en.json";
import type webhooks from "../../i18n/app/webhooks/en.json";
import type workflows from "../../i18n/app/workflows/en.json";

export type AppMessageId =
  | keyof typeof auth
  | keyof typeof availability
  | keyof typeof blocklist
  | keyof typeof calendars
  | keyof typeof common
  | keyof typeof contacts
  | keyof typeof dashboard
  | keyof typeof developers
  | keyof typeof embeds
  | keyof typeof eventTypes
  | keyof typeof landing
  | keyof typeof meetings
  | keyof typeof polls
  | keyof typeof settings
  | keyof typeof shell
  | keyof typeof teams
  | keyof typeof translations
  | keyof typeof validation
  | keyof typeof webhooks
  | keyof typeof workflows;
