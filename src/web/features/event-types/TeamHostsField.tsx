import { Link } from "react-router";
import type { EventKind } from "../../../contract/event-types";
import { Avatar, Input, Select, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
import { useTeam, useTeams } from "../teams/queries";

/** The team and the members who host; saved with the rest of the form (one save). */
export type TeamHostsValue = {
  teamId: string;
  hosts: { userId: string; weight?: number; priority?: number }[];
} | null;

/**
 * Round robin and collective: which team hosts the event and which of its members. Round robin
 * adds each host's weight (share of bookings) and priority (wins ties). A form field: the drawer's
 * or the dialog's one save keeps it.
 */
export function TeamHostsField({
  idPrefix,
  kind,
  value,
  onChange,
}: {
  idPrefix: string;
  kind: EventKind;
  value: TeamHostsValue;
  onChange: (value: TeamHostsValue) => void;
}) {
  const teams = useTeams();
  // Until the host picks, the first team is the one shown (and taken when a host is ticked).
  const teamId = value?.teamId || teams.data?.[0]?._id || "";
  const team = useTeam(teamId || null);
  const roundRobin = kind === "round-robin";
  const hosts = value?.hosts ?? [];
  const chosen = new Map(hosts.map((h) => [h.userId, h]));
  const setHosts = (next: NonNullable<TeamHostsValue>["hosts"]) => onChange({ teamId, hosts: next });
  const patch = (userId: string, change: Partial<{ weight: number; priority: number }>) =>
    setHosts(hosts.map((h) => (h.userId === userId ? { ...h, ...change } : h)));

  if (teams.isLoading) return <Skeleton className="h-32" />;
  if (teams.data?.length === 0)
    return (
      <div className="flex flex-col gap-2">
        <span className="font-medium text-slate-800 text-sm">{t("eventTypes.team.hosts")}</span>
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-800 text-sm">
          {roundRobin ? t("eventTypes.team.noTeamRoundRobin") : t("eventTypes.team.noTeamCollective")}{" "}
          <Link to="/teams" className="font-medium underline">
            {t("eventTypes.team.create")}
          </Link>{" "}
          {t("eventTypes.team.createAfter")}
        </p>
      </div>
    );

  const missing = hosts.length === 0;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <span className="font-medium text-slate-800 text-sm">{t("eventTypes.team.hosts")}</span>
        <p className="text-[13px] text-slate-500">
          {roundRobin ? t("eventTypes.team.roundRobinHint") : t("eventTypes.team.collectiveHint")}
        </p>
      </div>
      <label htmlFor={`${idPrefix}-team`} className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium text-slate-700">{t("eventTypes.team.team")}</span>
        <Select
          id={`${idPrefix}-team`}
          value={teamId}
          onChange={(e) => onChange({ teamId: e.target.value, hosts: [] })}
        >
          {teams.data?.map((tm) => (
            <option key={tm._id} value={tm._id}>
              {tm.name}
            </option>
          ))}
        </Select>
      </label>
      {team.isLoading ? (
        <Skeleton className="h-20" />
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-label={t("eventTypes.team.members")}
          aria-describedby={missing ? `${idPrefix}-hosts-missing` : undefined}
        >
          {team.data?.members.map((m) => {
            const host = chosen.get(m._id);
            return (
              <li key={m._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5">
                <input
                  id={`${idPrefix}-host-${m._id}`}
                  type="checkbox"
                  className="size-4 accent-[var(--color-accent,#2563eb)]"
                  checked={!!host}
                  onChange={(e) =>
                    setHosts(
                      e.target.checked
                        ? [...hosts, { userId: m._id, weight: 1, priority: 0 }]
                        : hosts.filter((h) => h.userId !== m._id),
                    )
                  }
                />
                <label
                  htmlFor={`${idPrefix}-host-${m._id}`}
                  className="flex min-w-32 flex-1 items-center gap-2 text-sm"
                >
                  <span aria-hidden>
                    <Avatar name={m.name} src={m.avatar ?? undefined} size={24} />
                  </span>
                  {m.name}
                </label>
                {roundRobin && host && (
                  <div className="flex items-center gap-3">
                    <NumberSetting
                      id={`${idPrefix}-weight-${m._id}`}
                      label={t("eventTypes.team.weight")}
                      min={1}
                      max={100}
                      value={host.weight ?? 1}
                      onChange={(weight) => patch(m._id, { weight: Math.max(1, weight) })}
                    />
                    <NumberSetting
                      id={`${idPrefix}-priority-${m._id}`}
                      label={t("eventTypes.team.priority")}
                      min={0}
                      max={10}
                      value={host.priority ?? 0}
                      onChange={(priority) => patch(m._id, { priority })}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {missing && (
        <p id={`${idPrefix}-hosts-missing`} className="text-[13px] text-amber-700 leading-5">
          {t("eventTypes.team.missing")}
        </p>
      )}
    </div>
  );
}

/** Weight and priority: a short label that never wraps mid-word, then its number. */
function NumberSetting(props: {
  id: string;
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (n: number) => void;
}) {
  return (
    <label htmlFor={props.id} className="flex items-center gap-1.5 whitespace-nowrap text-slate-600 text-xs">
      {props.label}
      <Input
        id={props.id}
        type="number"
        min={props.min}
        max={props.max}
        className="h-8 w-16"
        value={props.value}
        onChange={(e) =>
          props.onChange(Math.min(props.max, Math.max(props.min, Number(e.target.value) || 0)))
        }
      />
    </label>
  );
}
