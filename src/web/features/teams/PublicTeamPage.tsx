import { CalendarClock, Clock } from "lucide-react";
import { Link, useParams } from "react-router";
import { Avatar, Card, EmptyState, FullPageSpinner } from "../../components/ui";
import { embed } from "../bookings/embed";
import { usePublicTeam } from "./queries";

const KIND_LABEL: Record<string, string> = { "round-robin": "Round Robin", collective: "Collective" };

/** /team/:slug: the team and its active event types. */
export default function PublicTeamPage() {
  const { slug = "" } = useParams();
  const team = usePublicTeam(slug);
  if (team.isLoading) return <FullPageSpinner />;
  const t = team.data;
  return (
    <main className={embed ? "px-4 py-6" : "min-h-screen bg-slate-50 px-4 py-10"}>
      <div className="mx-auto max-w-3xl">
        {!t ? (
          <Card className="p-8">
            <EmptyState icon={CalendarClock} title="Team not found" />
          </Card>
        ) : (
          <>
            <header className="mb-8 flex flex-col items-center text-center">
              <Avatar name={t.name} src={t.logo ?? undefined} size={64} />
              <h1 className="mt-3 font-semibold text-2xl text-slate-900">{t.name}</h1>
              <ul className="mt-3 flex flex-wrap justify-center gap-2" aria-label="Members">
                {t.members.map((m) => (
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
            {t.eventTypes.length === 0 ? (
              <Card className="p-8">
                <EmptyState icon={CalendarClock} title="No event types yet" />
              </Card>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {t.eventTypes.map((e) => (
                  <Link key={e._id} to={`/book/${e.slug}`} className="group">
                    <Card
                      className="h-full border-t-4 p-5 transition group-hover:shadow-md"
                      style={{ borderTopColor: e.color }}
                    >
                      <h2 className="font-semibold text-slate-900">{e.title}</h2>
                      <p className="mt-1 flex items-center gap-1.5 text-slate-500 text-sm">
                        <Clock size={14} aria-hidden /> {e.duration} min · {KIND_LABEL[e.type] ?? e.type}
                      </p>
                      <p className="mt-2 text-slate-600 text-sm">
                        With {e.hosts.map((h) => h.name).join(", ")}
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
