import { Star } from "lucide-react";
import { Avatar } from "../../components/ui";

const testimonials = [
  {
    quote:
      "We used to lose a day per deal to email ping-pong. Now prospects book straight from the first message, and our calendar fills itself.",
    name: "Priya Raman",
    role: "Head of Sales, Northwind",
  },
  {
    quote:
      "Our recruiters share one link and candidates pick a slot in seconds, in their own timezone. No-shows dropped the month we switched.",
    name: "Daniel Okafor",
    role: "Talent Lead, Halcyon",
  },
  {
    quote:
      "Reminders and follow-ups run on their own, and every booking lands in our contacts. It quietly does the admin I used to do by hand.",
    name: "Sofia Marchetti",
    role: "Founder, Fernwood Studio",
  },
];

export function Testimonials() {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {testimonials.map((t) => (
        <li key={t.name}>
          <figure className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-6">
            <div className="flex gap-0.5 text-amber-400" role="img" aria-label="5 out of 5 stars">
              {[1, 2, 3, 4, 5].map((n) => (
                <Star key={n} size={16} fill="currentColor" strokeWidth={0} aria-hidden />
              ))}
            </div>
            <blockquote className="mt-4 flex-1 text-base text-slate-700 leading-7">“{t.quote}”</blockquote>
            <figcaption className="mt-6 flex items-center gap-3 border-slate-100 border-t pt-5">
              <Avatar name={t.name} size={40} />
              <span>
                <span className="block font-semibold text-slate-900 text-sm">{t.name}</span>
                <span className="block text-slate-500 text-sm">{t.role}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
