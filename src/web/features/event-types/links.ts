import { LOCATION_INFO } from "../../../contract/event-type-constants";
import type { EventTypeDto, LocationType } from "../../../contract/event-types";
import { eventTypePath, profilePath } from "../../../contract/usernames";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";

type Linkable = Pick<EventTypeDto, "slug"> & {
  type?: EventTypeDto["type"];
  user: Pick<EventTypeDto["user"], "username">;
};

/** Polls have their own page; everything else is the host's own link, /{username}/{slug}. */
const pathOf = (et: Linkable) =>
  et.type === "poll" ? `/poll/${encodeURIComponent(et.slug)}` : eventTypePath(et.user.username, et.slug);

/** The event type's public link: /{username}/{slug}. */
export function bookingUrl(et: Linkable): string {
  return `${window.location.origin}${pathOf(et)}`;
}

/** The host's public profile: /{username}. */
export function profileUrl(username: string): string {
  return `${window.location.origin}${profilePath(username)}`;
}

/** Opens the public booking page in a new tab (Preview, View booking page). */
export function openBookingPage(et: Linkable): void {
  window.open(pathOf(et), "_blank", "noopener,noreferrer");
}

/** The first location's name as shown on cards; a type without one reads as Zoom (spec default). */
export function firstLocationName(et: Pick<EventTypeDto, "locations">): string {
  const first = et.locations[0];
  if (!first) return LOCATION_INFO.zoom.displayName;
  return first.displayName || locationName(first.type);
}

/** Location kinds whose names are words (the others are product names, the same in every language). */
const LOCATION_WORDS: Partial<Record<LocationType, AppMessageId>> = {
  in_person: "eventTypes.location.inPerson",
  phone: "eventTypes.location.phone",
  custom: "eventTypes.location.custom",
  ask_invitee: "eventTypes.location.askInvitee",
};

/** A location kind's name in the app's language. */
export function locationName(type: LocationType): string {
  const id = LOCATION_WORDS[type];
  return id ? t(id) : LOCATION_INFO[type].displayName;
}

/** '30 min', '1 hr', '1 hr 30 min'. */
export function formatDuration(minutes: number): string {
  if (minutes < 60) return t("eventTypes.duration.minutes", { minutes });
  const hours = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m
    ? t("eventTypes.duration.hoursMinutes", { hours, minutes: m })
    : t("eventTypes.duration.hours", { hours });
}
