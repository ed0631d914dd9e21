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
import { sessionsKey, useSessions } from "./queries";

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

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
      toast.success("Session signed out");
    },
    onError: (error) => toast.error("Could not sign out that session", { description: errorMessage(error) }),
  });
  const everywhere = useMutation({
    mutationFn: () => api.delete("/users/sessions"),
    onSuccess: async () => {
      await signOut();
      navigate("/login", { replace: true });
    },
    onError: (error) => toast.error("Could not sign out everywhere", { description: errorMessage(error) }),
  });

  return (
    <SettingsCard
      id="sessions"
      title="Active sessions"
      description="Browsers and devices signed in to your account."
    >
      {sessions.isPending ? (
        <LoadingState label="Loading sessions" />
      ) : sessions.isError ? (
        <ErrorState variant="inline" title="Failed to load your sessions." query={sessions} />
      ) : sessions.data.length === 0 ? (
        <EmptyState icon={MonitorSmartphone} title="No active sessions" className="py-6" />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Sessions">
          {sessions.data.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <DeviceIcon device={s.device} />
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 font-medium text-slate-900 text-sm">
                  {s.device}
                  {s.current && <Badge tone="green">This device</Badge>}
                </p>
                <p className="text-slate-500 text-xs">
                  Last used {when(s.lastUsedAt)} · signed in {when(s.createdAt)}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Sign out ${s.device}, last used ${when(s.lastUsedAt)}`}
                  loading={revoke.isPending && revoke.variables === s._id}
                  onClick={() => revoke.mutate(s._id)}
                >
                  <LogOut size={14} aria-hidden /> Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="outline" onClick={() => setConfirmAll(true)}>
          <LogOut size={16} aria-hidden /> Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Sign out everywhere?"
        description="Every browser and device signed in to your account is signed out, this one too."
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={everywhere.isPending}
        onConfirm={() => everywhere.mutate()}
      />
    </SettingsCard>
  );
}
