import { AlertTriangle } from "lucide-react";
import { accountStatus } from "../../../contract/calendars";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { useCalendarAccounts } from "./queries";

/**
 * Calendar Settings: connections the provider refused (expired, revoked, permissions). Until they are
 * reconnected, invitees cannot book Google Meet event types and those calendars block no times; the
 * host is mailed as well when an invitee is turned away.
 */
export function ReconnectBanner({ className }: { className?: string }) {
  const accounts = useCalendarAccounts();
  const expired = (accounts.data ?? []).filter((a) => accountStatus(a, Date.now(), "settings") === "Expired");
  if (expired.length === 0) return null;
  return (
    <div
      role="alert"
      className={cn(
        "flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800 text-sm",
        className,
      )}
    >
      <AlertTriangle size={18} aria-hidden className="mt-0.5 shrink-0" />
      <div>
        <p className="font-semibold">
          {t("calendars.reconnect.title", { emails: expired.map((a) => a.email).join(", ") })}
        </p>
        <p className="mt-0.5">{t("calendars.reconnect.text")}</p>
      </div>
    </div>
  );
}
