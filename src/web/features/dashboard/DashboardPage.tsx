import { CalendarClock, Clock, Link2 } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "../../components/layout/PageHeader";
import { Card } from "../../components/ui";
import { useAuth } from "../../lib/auth";

const steps = [
  {
    icon: Clock,
    title: "Set your availability",
    text: "Choose the hours people can book you.",
    to: "/availability",
  },
  {
    icon: CalendarClock,
    title: "Create an event type",
    text: "Define what people can book.",
    to: "/event-types",
  },
  { icon: Link2, title: "Share your link", text: "Send your booking page to invitees.", to: "/event-types" },
];

export default function DashboardPage() {
  const { user } = useAuth();
  const firstName = user?.name.split(" ")[0] ?? "";
  return (
    <>
      <PageHeader title={`Welcome back, ${firstName}`} subtitle="Here is how your scheduling is going" />
      <div className="grid gap-4 sm:grid-cols-3">
        {steps.map(({ icon: Icon, title, text, to }) => (
          <Link key={title} to={to}>
            <Card className="h-full p-5 transition-shadow hover:shadow-md">
              <span className="flex size-9 items-center justify-center rounded-md bg-accent-soft text-accent">
                <Icon size={18} aria-hidden />
              </span>
              <h2 className="mt-4 font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-slate-500 text-sm">{text}</p>
            </Card>
          </Link>
        ))}
      </div>
    </>
  );
}
