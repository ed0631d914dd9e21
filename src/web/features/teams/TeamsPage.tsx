import { UsersRound } from "lucide-react";
import { useEffect, useState } from "react";
import { PageHeader } from "../../components/layout/PageHeader";
import { Avatar, Badge, Card, EmptyState, ErrorState, Skeleton } from "../../components/ui";
import { t } from "../../lib/i18n";
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
      <PageHeader title={t("teams.title")} subtitle={t("teams.subtitle")} />
      <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
        <div className="flex flex-col gap-4">
          <Card className="p-4">
            <h2 className="mb-3 font-semibold text-slate-900 text-sm">{t("teams.yours")}</h2>
            {teams.isLoading ? (
              <div className="flex flex-col gap-2">
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
              </div>
            ) : teams.isError ? (
              <ErrorState title={t("teams.loadFailed")} query={teams} className="px-0 py-4" />
            ) : teams.data?.length === 0 ? (
              <EmptyState icon={UsersRound} title={t("teams.none")} description={t("teams.noneText")} />
            ) : (
              <ul className="flex flex-col gap-1">
                {teams.data?.map((team) => (
                  <li key={team._id}>
                    <button
                      type="button"
                      onClick={() => setSelected(team._id)}
                      aria-current={selected === team._id ? "true" : undefined}
                      className={`flex w-full items-center gap-3 rounded-md px-2 py-2 text-start text-sm hover:bg-slate-50 ${selected === team._id ? "bg-accent-soft" : ""}`}
                    >
                      <Avatar name={team.name} src={team.logo ?? undefined} size={28} />
                      <span className="flex-1 truncate font-medium text-slate-800">{team.name}</span>
                      <Badge tone={team.role === "owner" ? "blue" : "grey"}>
                        {t(team.role === "owner" ? "teams.role.owner" : "teams.role.member")}
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
