import { Avatar } from "../../components/ui";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";

/** Spec 6: the host of an event type is always the signed-in user, shown as '{name} (you)'. */
export function HostField() {
  const { user } = useAuth();
  const name = user?.name ?? "";
  return (
    <div className="flex flex-col gap-1.5">
      <span className="font-medium text-slate-800 text-sm">{t("eventTypes.host.label")}</span>
      <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
        <Avatar name={name} email={user?.email} src={user?.avatar ?? undefined} size={28} />
        <span className="text-slate-800 text-sm">{t("eventTypes.host.you", { name })}</span>
      </div>
    </div>
  );
}
