import type { EventKind } from "../../../contract/event-types";
import type { AppMessageId } from "../../lib/app-messages";

/** Each kind's name as the host app shows it; ids, turned into words by `t` when rendering. */
export const KIND_LABEL: Record<EventKind, AppMessageId> = {
  "one-on-one": "eventTypes.kind.oneOnOne",
  group: "eventTypes.kind.group",
  "round-robin": "eventTypes.kind.roundRobin",
  collective: "eventTypes.kind.collective",
  "one-off": "eventTypes.kind.oneOff",
  poll: "eventTypes.kind.poll",
};

/** The create drawer's title per kind: whole sentences, since word order differs by language. */
export const NEW_KIND_TITLE: Record<EventKind, AppMessageId> = {
  "one-on-one": "eventTypes.create.titleOneOnOne",
  group: "eventTypes.create.titleGroup",
  "round-robin": "eventTypes.create.titleRoundRobin",
  collective: "eventTypes.create.titleCollective",
  "one-off": "eventTypes.create.titleOneOff",
  poll: "eventTypes.create.titlePoll",
};
