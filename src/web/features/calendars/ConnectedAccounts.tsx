import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarPlus, RefreshCw, Server, Star, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import {
  type AccountStatus,
  accountStatus,
  type CalendarAccountDto,
  type UpdateConnectedCalendarBody,
} from "../../../contract/calendars";
import type { calendarsResponses } from "../../../contract/responses/calendars";
import type { AnswerData } from "../../../contract/responses/shared";
import {
  Avatar,
  Badge,
  type BadgeTone,
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Skeleton,
  Switch,
  toast,
} from "../../components/ui";
import { ApiError, api, errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { useOAuthPopup } from "../../lib/oauthPopup";
import { CaldavDialog } from "./CaldavDialog";
import { CALENDAR_CONNECT_CHANNEL } from "./GoogleCalendarCallbackPage";
import { calendarAccountsKey, googleAccountsKey, useCalendarAccounts } from "./queries";

const STATUS_LABEL: Record<AccountStatus, AppMessageId> = {
  Active: "calendars.status.active",
  Connected: "calendars.status.connected",
  "Expiring Soon": "calendars.status.expiringSoon",
  Expired: "calendars.status.expired",
};
const STATUS_TONE: Record<AccountStatus, BadgeTone> = {
  Active: "green",
  Connected: "green",
  "Expiring Soon": "amber",
  Expired: "red",
};

/** Calendar Settings: connected Google and CalDAV accounts, their calendars, and what each one does. */
export function ConnectedAccounts() {
  const queryClient = useQueryClient();
  const accounts = useCalendarAccounts();
  const [caldavOpen, setCaldavOpen] = useState(false);
  const [removing, setRemoving] = useState<CalendarAccountDto | null>(null);
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: calendarAccountsKey });
    void queryClient.invalidateQueries({ queryKey: googleAccountsKey });
  };

  // The callback page also announces a connection here (its popup may have lost its opener on the way).
  useEffect(() => {
    const channel = new BroadcastChannel(CALENDAR_CONNECT_CHANNEL);
    channel.onmessage = () => {
      void queryClient.invalidateQueries({ queryKey: calendarAccountsKey });
      void queryClient.invalidateQueries({ queryKey: googleAccountsKey });
    };
    return () => channel.close();
  }, [queryClient]);

  const popup = useOAuthPopup({
    flow: "google-calendar",
    onSuccess: () => {
      refreshLists();
      toast.success(t("calendars.accounts.googleConnected"));
    },
    onError: (message) => toast.error(t("calendars.accounts.googleFailed"), { description: message }),
  });
  const connectGoogle = () =>
    popup.start(
      api.get<AnswerData<typeof calendarsResponses.connectUrl>>("/google-accounts/connect").then(
        (d) => d.authUrl,
        (error: unknown) => {
          throw new Error(error instanceof Error ? error.message : t("calendars.accounts.urlFailed"));
        },
      ),
    );

  const act = useMutation({
    mutationFn: async (a: { kind: "primary" | "refresh" | "remove"; account: CalendarAccountDto }) => {
      const base = `/calendar-accounts/${a.account._id}`;
      if (a.kind === "primary") return api.put(`${base}/set-primary`);
      if (a.kind === "refresh") return api.post(`${base}/refresh`);
      return api.delete(base);
    },
    onSuccess: (_data, a) => {
      refreshLists();
      toast.success(
        t(
          a.kind === "primary"
            ? "calendars.accounts.primaryUpdated"
            : a.kind === "refresh"
              ? "calendars.accounts.refreshed"
              : "calendars.accounts.disconnected",
        ),
      );
      setRemoving(null);
    },
    onError: (error, a) => {
      const failed = t(
        a.kind === "primary"
          ? "calendars.accounts.primaryFailed"
          : a.kind === "refresh"
            ? "calendars.accounts.refreshFailed"
            : "calendars.accounts.disconnectFailed",
      );
      refreshLists();
      if (
        a.kind === "refresh" &&
        error instanceof ApiError &&
        error.errorCode === "REFRESH_FAILED" &&
        a.account.provider === "google"
      ) {
        // Spec section 4: a refused refresh sends the host to connect the account again.
        toast.error(failed, { description: t("calendars.accounts.reconnectHint") });
        connectGoogle();
        return;
      }
      toast.error(failed, { description: errorMessage(error) });
    },
  });

  const updateCalendar = useMutation({
    mutationFn: (v: { account: string; calendar: string; body: UpdateConnectedCalendarBody }) =>
      api.put(`/calendar-accounts/${v.account}/calendars/${v.calendar}`, v.body),
    onSuccess: refreshLists,
    onError: (error) => {
      refreshLists();
      toast.error(t("calendars.accounts.updateFailed"), { description: errorMessage(error) });
    },
  });

  const list = accounts.data ?? [];
  return (
    <Card className="p-5 lg:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-base text-slate-900">{t("calendars.accounts.title")}</h2>
          <p className="mt-1 text-slate-500 text-sm">{t("calendars.accounts.text")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={connectGoogle} loading={popup.connecting}>
            {t(popup.connecting ? "calendars.connecting" : "calendars.accounts.connectGoogle")}
          </Button>
          <Button variant="secondary" onClick={() => setCaldavOpen(true)}>
            <Server size={16} aria-hidden /> {t("calendars.accounts.addCaldav")}
          </Button>
        </div>
      </div>

      {accounts.isPending && (
        <div className="mt-4 flex flex-col gap-3" aria-busy>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      )}
      {accounts.isError && (
        <p role="alert" className="mt-4 text-red-700 text-sm">
          {t("calendars.accounts.loadFailed")} {errorMessage(accounts.error, "")}
        </p>
      )}
      {accounts.isSuccess && list.length === 0 && (
        <EmptyState
          icon={CalendarPlus}
          title={t("calendars.accounts.none")}
          description={t("calendars.accounts.noneText")}
          className="py-8"
        />
      )}
      <ul className="mt-4 flex flex-col gap-3">
        {list.map((account) => {
          const status = accountStatus(account, Date.now(), "settings");
          return (
            <li key={account._id} className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-center gap-3">
                <Avatar src={account.picture} name={account.name || account.email} size={32} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900 text-sm">
                    {account.email}
                    <span className="ms-2 font-normal text-slate-500">
                      {account.provider === "google" ? "Google" : `CalDAV · ${account.name}`}
                    </span>
                  </p>
                  {account.lastError && (
                    <p className="truncate text-[13px] text-red-700">{account.lastError}</p>
                  )}
                </div>
                <Badge tone={STATUS_TONE[status]} dot>
                  {t(STATUS_LABEL[status])}
                </Badge>
                {account.isPrimary && <Badge tone="blue">{t("calendars.accounts.primary")}</Badge>}
                <div className="flex flex-wrap gap-1">
                  {!account.isPrimary && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => act.mutate({ kind: "primary", account })}
                      aria-label={t("calendars.accounts.makePrimary", { email: account.email })}
                    >
                      <Star size={16} aria-hidden /> {t("calendars.accounts.setPrimary")}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => act.mutate({ kind: "refresh", account })}
                    aria-label={t("calendars.accounts.refreshOf", { email: account.email })}
                  >
                    <RefreshCw size={16} aria-hidden /> {t("calendars.accounts.refresh")}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setRemoving(account)}
                    aria-label={t("calendars.accounts.disconnectOf", { email: account.email })}
                  >
                    <Trash2 size={16} aria-hidden /> {t("calendars.accounts.disconnect")}
                  </Button>
                </div>
              </div>
              {account.calendars.length > 0 && (
                <table className="mt-3 w-full text-start text-sm">
                  <thead className="text-slate-500 text-xs">
                    <tr>
                      <th className="py-1 font-medium">{t("calendars.table.calendar")}</th>
                      <th className="py-1 font-medium">{t("calendars.syncSettings.conflicts")}</th>
                      <th className="py-1 font-medium">{t("calendars.table.allDay")}</th>
                      <th className="py-1 font-medium">{t("calendars.table.receives")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {account.calendars.map((c) => {
                      const set = (body: UpdateConnectedCalendarBody) =>
                        updateCalendar.mutate({ account: account._id, calendar: c._id, body });
                      return (
                        <tr key={c._id} className="border-slate-100 border-t">
                          <td className="py-2 pe-2">
                            <span
                              className="me-2 inline-block size-2.5 rounded-full align-middle"
                              style={{ background: c.color ?? "#94a3b8" }}
                              aria-hidden
                            />
                            {c.name}
                          </td>
                          <td className="py-2">
                            <Switch
                              aria-label={t("calendars.table.checkOf", { name: c.name })}
                              checked={c.checkConflicts}
                              onCheckedChange={(on) => set({ checkConflicts: on })}
                            />
                          </td>
                          <td className="py-2">
                            <Switch
                              aria-label={t("calendars.table.allDayOf", { name: c.name })}
                              checked={c.allDayBusy}
                              disabled={!c.checkConflicts}
                              onCheckedChange={(on) => set({ allDayBusy: on })}
                            />
                          </td>
                          <td className="py-2">
                            <input
                              type="radio"
                              name={`target-${account._id}`}
                              aria-label={t("calendars.table.receivesOf", { name: c.name })}
                              className="size-4 accent-[#3B82F6]"
                              checked={c.receivesBookings}
                              onChange={() => set({ receivesBookings: true })}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </li>
          );
        })}
      </ul>

      <Dialog open={caldavOpen} onOpenChange={setCaldavOpen}>
        {caldavOpen && <CaldavDialog onDone={() => setCaldavOpen(false)} />}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("calendars.remove.title")}
        description={t(
          removing?.provider === "google" ? "calendars.remove.textGoogle" : "calendars.remove.text",
          {
            email: removing?.email ?? "",
          },
        )}
        confirmLabel={t("calendars.accounts.disconnect")}
        busyLabel={t("calendars.remove.busy")}
        busy={act.isPending}
        onConfirm={() => removing && act.mutate({ kind: "remove", account: removing })}
      />
    </Card>
  );
}
