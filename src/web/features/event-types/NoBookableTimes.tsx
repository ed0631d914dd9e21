import { AlertTriangle } from "lucide-react";
import type { EventTypeDto } from "../../../contract/event-types";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { useHasBookableTimes } from "./queries";

/**
 * "No bookable times": shown on the card and in the drawer of an active event type that invitees cannot
 * book in the next three months, so the host is not left thinking it works.
 */
export function NoBookableTimes({ et, compact }: { et: EventTypeDto; compact?: boolean }) {
  const bookable = useHasBookableTimes(et);
  // An incomplete type says what it misses instead (the Incomplete badge, the editor's notice).
  if (!et.isActive || et.missing.length > 0 || bookable.data !== false) return null;
  return (
    <div
      role="status"
      className={cn(
        "flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 text-amber-900",
        compact ? "px-2.5 py-1.5 text-xs" : "px-3 py-2 text-sm",
      )}
    >
      <AlertTriangle size={compact ? 14 : 16} aria-hidden className="mt-0.5 shrink-0 text-amber-600" />
      <span>
        <span className="font-medium">{t("eventTypes.noTimes.title")}</span>{" "}
        {compact ? t("eventTypes.noTimes.short") : t("eventTypes.noTimes.long")}
      </span>
    </div>
  );
}
