import type { EventKind, MissingPart } from "../../../contract/event-types.js";

const TEAM_KINDS: ReadonlySet<EventKind> = new Set(["round-robin", "collective"]);

/**
 * The one rule of what an event type still needs before invitees are offered it: a round robin or
 * collective type its hosts (without them it would offer its creator's own slots), a meeting poll its
 * proposed times (a poll of none cannot be voted on). The public profile, the team page, the booking
 * page, the poll page and the slots API all ask this.
 */
export function missingParts(
  et: { kind: EventKind; fixedTimes: readonly string[] },
  hostCount: number,
): MissingPart[] {
  if (TEAM_KINDS.has(et.kind) && hostCount === 0) return ["hosts"];
  if (et.kind === "poll" && et.fixedTimes.length === 0) return ["times"];
  return [];
}

export function isBookable(
  et: { kind: EventKind; fixedTimes: readonly string[] },
  hostCount: number,
): boolean {
  return missingParts(et, hostCount).length === 0;
}
