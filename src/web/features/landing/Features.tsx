import { BarChart3, CalendarCheck, Globe2, Link2, type LucideIcon, UsersRound, Workflow } from "lucide-react";

const features: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Link2,
    title: "One link, no back-and-forth",
    body: "Share your booking page in an email or your signature. People pick a time that works; you get the invite.",
  },
  {
    icon: CalendarCheck,
    title: "Availability that stays true",
    body: "Connect Google Calendar, set weekly hours and holidays, and Kairos only offers times you are actually free.",
  },
  {
    icon: Globe2,
    title: "Every timezone, handled",
    body: "Invitees see slots in their own zone, detected automatically. Nobody does the math, nobody shows up an hour early.",
  },
  {
    icon: Workflow,
    title: "Workflows that run themselves",
    body: "Send reminders before a meeting and follow-ups after it, on the schedule you choose, without lifting a finger.",
  },
  {
    icon: UsersRound,
    title: "Contacts that build themselves",
    body: "Every booking creates or updates a contact, so you always know who you met, when, and how often.",
  },
  {
    icon: BarChart3,
    title: "Insights at a glance",
    body: "Bookings, hours and attendees month over month, and which event types people book the most.",
  },
];

export function Features() {
  return (
    <ul className="grid gap-x-8 gap-y-8 sm:gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
      {features.map(({ icon: Icon, title, body }) => (
        <li key={title} className="flex gap-4 sm:block">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-strong">
            <Icon size={20} aria-hidden />
          </span>
          <div>
            <h3 className="font-semibold text-base text-slate-900 sm:mt-4">{title}</h3>
            <p className="mt-1 text-slate-600 text-sm leading-6 sm:mt-2">{body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
