import { Star } from "lucide-react";
import { Avatar } from "../../components/ui";
import { t } from "../../lib/i18n";

const testimonials = [
  {
    quote: "landing.t1.quote",
    name: "Priya Raman",
    role: "landing.t1.role",
  },
  {
    quote: "landing.t2.quote",
    name: "Daniel Okafor",
    role: "landing.t2.role",
  },
  {
    quote: "landing.t3.quote",
    name: "Sofia Marchetti",
    role: "landing.t3.role",
  },
] as const;

export function Testimonials() {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {testimonials.map((q) => (
        <li key={q.name}>
          <figure className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6">
            <div className="flex gap-0.5 text-amber-400" role="img" aria-label={t("landing.stars")}>
              {[1, 2, 3, 4, 5].map((n) => (
                <Star key={n} size={16} fill="currentColor" strokeWidth={0} aria-hidden />
              ))}
            </div>
            <blockquote className="mt-4 flex-1 text-base text-slate-700 leading-7">“{t(q.quote)}”</blockquote>
            <figcaption className="mt-6 flex items-center gap-3 border-slate-100 border-t pt-5">
              <Avatar name={q.name} size={40} />
              <span>
                <span className="block font-semibold text-slate-900 text-sm">{q.name}</span>
                <span className="block text-slate-500 text-sm">{t(q.role)}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
