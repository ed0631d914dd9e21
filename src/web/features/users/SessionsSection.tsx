import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Laptop, LogOut, MonitorSmartphone, Smartphone } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { SessionDto } from "../../../contract/users";
import { SettingsCard } from "../../components/SettingsCard";
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  toast,
} from "../../components/ui";
import { api, errorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { hourCycle } from "../../lib/host-clock";
import { intlLocale, t } from "../../lib/i18n";
import { sessionsKey, useSessions } from "./queries";

const when = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: hourCycle(),
  }).format(new Date(iso));

function DeviceIcon({ device }: { device: string }) {
  const Icon = /iOS|Android/.test(device) ? Smartphone : /Unknown/.test(device) ? MonitorSmartphone : Laptop;
  return <Icon size={20} aria-hidden className="shrink-0 text-slate-400" />;
}

/** Active sessions: device and last use, each revocable, and sign out everywhere. */
export function SessionsSection() {
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [confirmAll, setConfirmAll] = useState(false);

  const revoke = useMutation({
    mutationFn: (id: string) => api.delete(`/users/sessions/${id}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<SessionDto[]>(sessionsKey, (list) => list?.filter((s) => s._id !== id));
      toast.success(t("settings.sessions.signedOut"));
    },
    onError: (error) =>
      toast.error(t("settings.sessions.signOutFailed"), { description: errorMessage(error) }),
  });
  const everywhere = useMutation({
    mutationFn: () => api.delete("/users/sessions"),
    onSuccess: async () => {
      await signOut();
      navigate("/login", { replace: true });
    },
    onError: (error) =>
      toast.error(t("settings.sessions.everywhereFailed"), { description: errorMessage(error) }),
  });

  return (
    <SettingsCard
      id="sessions"
      title={t("settings.sessions.title")}
      description={t("settings.sessions.description")}
    >
      {sessions.isPending ? (
        <LoadingState label={t("settings.sessions.loading")} />
      ) : sessions.isError ? (
        <ErrorState variant="inline" title={t("settings.sessions.loadFailed")} query={sessions} />
      ) : sessions.data.length === 0 ? (
        <EmptyState icon={MonitorSmartphone} title={t("settings.sessions.none")} className="py-6" />
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-label={t("settings.sessions.list")}
        >
          {sessions.data.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <DeviceIcon device={s.device} />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 font-medium text-slate-900 text-sm">
                  {s.device}
                  {s.current && <Badge tone="green">{t("settings.sessions.thisDevice")}</Badge>}
                </p>
                <p className="text-slate-500 text-xs">
                  {t("settings.sessions.used", { last: when(s.lastUsedAt), first: when(s.createdAt) })}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("settings.sessions.signOutLabel", {
                    device: s.device,
                    last: when(s.lastUsedAt),
                  })}
                  loading={revoke.isPending && revoke.variables === s._id}
                  onClick={() => revoke.mutate(s._id)}
                >
                  <LogOut size={14} aria-hidden /> {t("settings.sessions.signOut")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="outline" onClick={() => setConfirmAll(true)}>
          <LogOut size={16} aria-hidden /> {t("settings.sessions.everywhere")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={t("settings.sessions.everywhereTitle")}
        description={t("settings.sessions.everywhereText")}
        confirmLabel={t("settings.sessions.everywhere")}
        busyLabel={t("settings.sessions.signingOut")}
        busy={everywhere.isPending}
        onConfirm={() => everywhere.mutate()}
      />
    </SettingsCard>
  );
}
