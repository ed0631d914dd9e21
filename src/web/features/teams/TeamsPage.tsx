import { UsersRound } from "lucide-react";
import { useEffect, useState } from "react";
import { PageHeader } from "../../components/layout/PageHeader";
import { Avatar, Badge, Card, EmptyState, ErrorState, Skeleton } from "../../components/ui";
import { CreateTeamCard } from "./CreateTeamCard";
import { useTeams } from "./queries";
import { TeamDetail } from "./TeamDetail";

/** Teams: create one, invite members, manage roles, see the team's event types. */
export default function TeamsPage() {
  const teams = useTeams();
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    if (!selected && teams.data?.[0]) setSelected(teams.data[0]._id);
  }, [teams.data, selected]);

  return (
    <>
      <PageHeader title="Teams" subtitle="Host round robin and collective events together" />
      <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
        <div className="flex flex-col gap-4">
          <Card className="p-4">
            <h2 className="mb-3 font-semibold text-slate-900 text-sm">Your teams</h2>
            {teams.isLoading ? (
              <div className="flex flex-col gap-2">
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
              </div>
            ) : teams.isError ? (
              <ErrorState title="Failed to load teams" query={teams} className="px-0 py-4" />
            ) : teams.data?.length === 0 ? (
              <EmptyState
                icon={UsersRound}
                title="No teams yet"
                description="Create a team, then invite people by email."
              />
            ) : (
              <ul className="flex flex-col gap-1">
                {teams.data?.map((t) => (
                  <li key={t._id}>
                    <button
                      type="button"
                      onClick={() => setSelected(t._id)}
                      aria-current={selected === t._id ? "true" : undefined}
                      className={`flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-50 ${selected === t._id ? "bg-accent-soft" : ""}`}
                    >
                      <Avatar name={t.name} src={t.logo ?? undefined} size={28} />
                      <span className="flex-1 truncate font-medium text-slate-800">{t.name}</span>
                      <Badge tone={t.role === "owner" ? "blue" : "grey"}>
                        {t.role === "owner" ? "Owner" : "Member"}
                      </Badge>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <CreateTeamCard onCreated={setSelected} />
        </div>
        {selected ? <TeamDetail id={selected} onGone={() => setSelected(null)} /> : null}
      </div>
    </>
  );
}
