import { CalendarClock, Clock } from "lucide-react";
import { Link, useParams } from "react-router";
import { Avatar, Card, EmptyState, FullPageSpinner } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { embed } from "../bookings/embed";
import { usePublicTeam } from "./queries";

const KIND_LABEL: Record<string, AppMessageId> = {
  "round-robin": "teams.kind.roundRobin",
  collective: "teams.kind.collective",
};

/** /team/:slug: the team and its active event types. */
export default function PublicTeamPage() {
  const { slug = "" } = useParams();
  const team = usePublicTeam(slug);
  if (team.isLoading) return <FullPageSpinner />;
  const tm = team.data;
  return (
    <main className={embed ? "px-4 py-6" : "min-h-screen bg-slate-50 px-4 py-10"}>
      <div className="mx-auto max-w-3xl">
        {!tm ? (
          <Card className="p-8">
            <EmptyState icon={CalendarClock} title={t("teams.public.notFound")} />
          </Card>
        ) : (
          <>
            <header className="mb-8 flex flex-col items-center text-center">
              <Avatar name={tm.name} src={tm.logo ?? undefined} size={64} />
              <h1 className="mt-3 font-semibold text-2xl text-slate-900">{tm.name}</h1>
              <ul className="mt-3 flex flex-wrap justify-center gap-2" aria-label={t("teams.members")}>
                {tm.members.map((m) => (
                  <li
                    key={m._id}
                    className="flex items-center gap-1.5 rounded-full bg-white px-2 py-1 text-slate-700 text-xs shadow-sm"
                  >
                    <Avatar name={m.name} src={m.avatar ?? undefined} size={20} />
                    {m.name}
                  </li>
                ))}
              </ul>
            </header>
            {tm.eventTypes.length === 0 ? (
              <Card className="p-8">
                <EmptyState icon={CalendarClock} title={t("teams.public.noEventTypes")} />
              </Card>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {tm.eventTypes.map((e) => (
                  <Link key={e._id} to={`/book/${e.slug}`} className="group">
                    <Card
                      className="h-full border-t-4 p-5 transition group-hover:shadow-md"
                      style={{ borderTopColor: e.color }}
                    >
                      <h2 className="font-semibold text-slate-900">{e.title}</h2>
                      <p className="mt-1 flex items-center gap-1.5 text-slate-500 text-sm">
                        <Clock size={14} aria-hidden /> {t("teams.minutes", { count: e.duration })} ·{" "}
                        {KIND_LABEL[e.type] ? t(KIND_LABEL[e.type]) : e.type}
                      </p>
                      <p className="mt-2 text-slate-600 text-sm">
                        {t("teams.public.with", { names: e.hosts.map((h) => h.name).join(", ") })}
                      </p>
                    </Card>
                  </Link>
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </main>
  );
}
