/**
 * The event types' plain constants and names, without zod: the host's dashboard and the booking page
 * read these, and importing them from event-types.ts (which re-exports them) would bring zod's ~38 kB
 * along (issue 30, the host app's first load). The schemas stay in event-types.ts.
 */
export const EVENT_KINDS = ["one-on-one", "group", "round-robin", "collective", "one-off", "poll"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Spec section 9: duration and seats each kind starts with. */
export const KIND_DEFAULTS: Record<EventKind, { duration: number; maxInvitees: number; label: string }> = {
  "one-on-one": { duration: 30, maxInvitees: 1, label: "One-on-One" },
  group: { duration: 60, maxInvitees: 10, label: "Group" },
  "round-robin": { duration: 30, maxInvitees: 1, label: "Round Robin" },
  collective: { duration: 45, maxInvitees: 1, label: "Collective" },
  "one-off": { duration: 30, maxInvitees: 1, label: "One-off" },
  poll: { duration: 30, maxInvitees: 1, label: "Meeting Poll" },
};

export const DURATION_PRESETS = [15, 30, 45, 60, 90, 120] as const;
export const DURATION_MIN = 5;
export const DURATION_MAX = 480;
export const DEFAULT_COLOR = "#3B82F6";
export const DEFAULT_EVENT_NAME = "New Event Type";

export const LOCATION_TYPES = [
  "zoom",
  "google_meet",
  "in_person",
  "phone",
  "microsoft_teams",
  "webex",
  "goto_meeting",
  "custom",
  "ask_invitee",
] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const LOCATION_INFO: Record<LocationType, { displayName: string; placeholder: string }> = {
  zoom: { displayName: "Zoom", placeholder: "https://zoom.us/j/1234567890" },
  google_meet: { displayName: "Google Meet", placeholder: "https://meet.google.com/abc-defg-hij" },
  in_person: { displayName: "In-person meeting", placeholder: "221B Baker Street, London" },
  phone: { displayName: "Phone call", placeholder: "+1 555 123 4567" },
  microsoft_teams: {
    displayName: "Microsoft Teams",
    placeholder: "https://teams.microsoft.com/l/meetup-join/...",
  },
  webex: { displayName: "Webex", placeholder: "https://meet.webex.com/meet/you" },
  goto_meeting: { displayName: "GoTo Meeting", placeholder: "https://meet.goto.com/123456789" },
  custom: { displayName: "Custom", placeholder: "Where you will meet" },
  ask_invitee: { displayName: "Ask invitee", placeholder: "The invitee tells you where" },
};

export const LINK_LOCATIONS: ReadonlySet<LocationType> = new Set([
  "zoom",
  "google_meet",
  "microsoft_teams",
  "webex",
  "goto_meeting",
]);
/** Types an event type may offer more than once (two offices, two places), each with its own value. */
export const REPEATABLE_LOCATIONS: ReadonlySet<LocationType> = new Set(["in_person", "custom"]);
export const MAX_LOCATIONS = 10;

/**
 * What an event type still needs before invitees are offered it (the server decides, in the
 * event-types feature's `missingParts`): a team kind its hosts, a meeting poll its proposed times.
 */
export const MISSING_PARTS = ["hosts", "times"] as const;
export type MissingPart = (typeof MISSING_PARTS)[number];
export const MISSING_PART_MESSAGES: Record<MissingPart, string> = {
  hosts: "Choose at least one host",
  times: "Propose at least one time",
};
