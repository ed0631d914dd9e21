import { BarChart3, CalendarCheck, Globe2, Link2, type LucideIcon, UsersRound, Workflow } from "lucide-react";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";

const features: { icon: LucideIcon; title: AppMessageId; body: AppMessageId }[] = [
  {
    icon: Link2,
    title: "landing.f1.title",
    body: "landing.f1.body",
  },
  {
    icon: CalendarCheck,
    title: "landing.f2.title",
    body: "landing.f2.body",
  },
  {
    icon: Globe2,
    title: "landing.f3.title",
    body: "landing.f3.body",
  },
  {
    icon: Workflow,
    title: "landing.f4.title",
    body: "landing.f4.body",
  },
  {
    icon: UsersRound,
    title: "landing.f5.title",
    body: "landing.f5.body",
  },
  {
    icon: BarChart3,
    title: "landing.f6.title",
    body: "landing.f6.body",
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
            <h3 className="font-semibold text-base text-slate-900 sm:mt-4">{t(title)}</h3>
            <p className="mt-1 text-slate-600 text-sm leading-6 sm:mt-2">{t(body)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
