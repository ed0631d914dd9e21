import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { EventTypeDto } from "../../../contract/event-types";
import { Avatar, Button, Input, Select, Skeleton, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { teamApi, useEventTypeHosts, useTeam, useTeamMutation, useTeams } from "../teams/queries";

/**
 * Round robin and collective: which team hosts the event and which of its members. Round robin
 * adds each host's weight (share of bookings) and priority (wins ties). Saved on its own.
 */
export function TeamHostsField({ eventType: et }: { eventType: EventTypeDto }) {
  const teams = useTeams();
  const current = useEventTypeHosts(et._id);
  const [teamId, setTeamId] = useState<string>("");
  const team = useTeam(teamId || null);
  const [chosen, setChosen] = useState<Record<string, { weight: number; priority: number }>>({});
  const save = useTeamMutation(teamApi.setHosts);
  const roundRobin = et.type === "round-robin";

  useEffect(() => {
    if (current.data) {
      setTeamId((id) => id || current.data.teamId || "");
      setChosen(
        Object.fromEntries(
          current.data.hosts.map((h) => [h._id, { weight: h.weight, priority: h.priority }]),
        ),
      );
    }
  }, [current.data]);
  useEffect(() => {
    if (!teamId && !current.data?.teamId && teams.data?.[0]) setTeamId(teams.data[0]._id);
  }, [teams.data, teamId, current.data]);

  if (teams.isLoading || current.isLoading) return <Skeleton className="h-32" />;
  if (teams.data?.length === 0)
    return (
      <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-800 text-sm">
        {roundRobin ? "Round robin" : "Collective"} events are hosted by a team.{" "}
        <Link to="/teams" className="font-medium underline">
          Create a team
        </Link>{" "}
        first.
      </p>
    );

  const onSave = async () => {
    try {
      await save.mutateAsync({
        eventTypeId: et._id,
        teamId,
        hosts: Object.entries(chosen).map(([userId, v]) => ({ userId, ...v })),
      });
      toast.success("Hosts saved");
    } catch (err) {
      toast.error(errorMessage(err, "Failed to save hosts"));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <span className="font-medium text-slate-800 text-sm">Hosts</span>
        <p className="text-[13px] text-slate-500">
          {roundRobin
            ? "Invitees see a time when any chosen host is free; the booking goes to the free host with the fewest bookings this month (by weight), then priority, then who was booked least recently."
            : "Invitees see a time only when every chosen host is free; the meeting holds all of them."}
        </p>
      </div>
      <label htmlFor={`team-${et._id}`} className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium text-slate-700">Team</span>
        <Select
          id={`team-${et._id}`}
          value={teamId}
          onChange={(e) => {
            setTeamId(e.target.value);
            setChosen({});
          }}
        >
          {teams.data?.map((t) => (
            <option key={t._id} value={t._id}>
              {t.name}
            </option>
          ))}
        </Select>
      </label>
      {team.isLoading ? (
        <Skeleton className="h-20" />
      ) : (
        <ul
          className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
          aria-label="Team members"
        >
          {team.data?.members.map((m) => {
            const on = !!chosen[m._id];
            return (
              <li key={m._id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                <input
                  id={`host-${m._id}`}
                  type="checkbox"
                  className="size-4 accent-[var(--color-accent,#2563eb)]"
                  checked={on}
                  onChange={(e) =>
                    setChosen((c) => {
                      const next = { ...c };
                      if (e.target.checked) next[m._id] = { weight: 1, priority: 0 };
                      else delete next[m._id];
                      return next;
                    })
                  }
                />
                <label htmlFor={`host-${m._id}`} className="flex flex-1 items-center gap-2 text-sm">
                  <span aria-hidden>
                    <Avatar name={m.name} src={m.avatar ?? undefined} size={24} />
                  </span>
                  {m.name}
                </label>
                {roundRobin && on && (
                  <>
                    <label
                      htmlFor={`weight-${m._id}`}
                      className="flex items-center gap-1 text-slate-600 text-xs"
                    >
                      Weight
                      <Input
                        id={`weight-${m._id}`}
                        type="number"
                        min={1}
                        max={100}
                        className="h-8 w-16"
                        value={chosen[m._id].weight}
                        onChange={(e) =>
                          setChosen((c) => ({
                            ...c,
                            [m._id]: { ...c[m._id], weight: Number(e.target.value) || 1 },
                          }))
                        }
                      />
                    </label>
                    <label
                      htmlFor={`priority-${m._id}`}
                      className="flex items-center gap-1 text-slate-600 text-xs"
                    >
                      Priority
                      <Input
                        id={`priority-${m._id}`}
                        type="number"
                        min={0}
                        max={10}
                        className="h-8 w-16"
                        value={chosen[m._id].priority}
                        onChange={(e) =>
                          setChosen((c) => ({
                            ...c,
                            [m._id]: { ...c[m._id], priority: Number(e.target.value) || 0 },
                          }))
                        }
                      />
                    </label>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Button
        type="button"
        variant="outline"
        onClick={onSave}
        loading={save.isPending}
        disabled={!teamId || Object.keys(chosen).length === 0}
      >
        Save hosts
      </Button>
    </div>
  );
}
