/**
 * The ids of the host app's words (issue 27): one catalogue per area of the app, in
 * src/i18n/app/<area>/<locale>.json, ids prefixed with the area ("shell.nav.meetings"). A new area adds
 * its English file's keys here, so `t` accepts exactly the ids that exist.
 */

import type auth from "../../i18n/app/auth/en.json";
import type availability from "../../i18n/app/availability/en.json";
import type common from "../../i18n/app/common/en.json";
import type dashboard from "../../i18n/app/dashboard/en.json";
import type eventTypes from "../../i18n/app/eventTypes/en.json";
import type landing from "../../i18n/app/landing/en.json";
import type meetings from "../../i18n/app/meetings/en.json";
import type settings from "../../i18n/app/settings/en.json";
import type shell from "../../i18n/app/shell/en.json";

export type AppMessageId =
  | keyof typeof shell
  | keyof typeof eventTypes
  | keyof typeof availability
  | keyof typeof dashboard
  | keyof typeof meetings
  | keyof typeof settings
  | keyof typeof auth
  | keyof typeof common
  | keyof typeof landing;
