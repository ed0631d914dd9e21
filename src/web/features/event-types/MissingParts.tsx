import { CircleAlert } from "lucide-react";
import type { EventKind, MissingPart } from "../../../contract/event-types";
import { Badge } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";

/** What each missing part asks of the host (the server's MISSING_PART_MESSAGES, in the app's language). */
export const MISSING_PART_IDS: Record<MissingPart, AppMessageId> = {
  hosts: "eventTypes.missing.hosts",
  times: "eventTypes.missing.times",
};

/**
 * What the form as edited still lacks, in the server's words (the server decides what is offered:
 * `missingParts` in the event-types feature); the editor says it before the host saves.
 */
export function missingInForm(kind: EventKind, hostCount: number, timeCount: number): MissingPart[] {
  if ((kind === "round-robin" || kind === "collective") && hostCount === 0) return ["hosts"];
  if (kind === "poll" && timeCount === 0) return ["times"];
  return [];
}

/** The editor's note at the top: not offered to invitees until these are done. */
export function MissingPartsNotice({ missing }: { missing: MissingPart[] }) {
  if (missing.length === 0) return null;
  return (
    <div
      role="status"
      className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-amber-900 text-sm"
    >
      <CircleAlert size={18} aria-hidden className="mt-px shrink-0 text-amber-600" />
      <div>
        <p className="font-medium">{t("eventTypes.missing.notOffered")}</p>
        <ul className="mt-0.5 text-amber-800">
          {missing.map((m) => (
            <li key={m}>{t(MISSING_PART_IDS[m])}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The card's badge: the event exists but invitees are not offered it. */
export function IncompleteBadge({ missing }: { missing: MissingPart[] }) {
  if (missing.length === 0) return null;
  return (
    <span title={missing.map((m) => t(MISSING_PART_IDS[m])).join("; ")}>
      <Badge tone="amber" dot>
        {t("eventTypes.missing.incomplete")}
      </Badge>
    </span>
  );
}
