import { Hexagon, Leaf, type LucideIcon, Mountain, Orbit, Sparkle, Waves } from "lucide-react";
import { t } from "../../lib/i18n";

interface Brand {
  name: string;
  icon: LucideIcon;
  className: string;
}

// Made-up companies rendered as text wordmarks (no network images).
const brands: Brand[] = [
  { name: "Northwind", icon: Mountain, className: "font-semibold tracking-tight" },
  { name: "Halcyon", icon: Waves, className: "font-medium tracking-[0.12em] uppercase text-base" },
  { name: "orbitly", icon: Orbit, className: "font-semibold lowercase tracking-tight" },
  { name: "Fernwood", icon: Leaf, className: "font-medium italic" },
  { name: "Quillstone", icon: Hexagon, className: "font-semibold tracking-[-0.03em]" },
  { name: "Lumen & Co", icon: Sparkle, className: "font-normal tracking-wide" },
];

export function LogoStrip() {
  return (
    <ul
      aria-label={t("landing.logos")}
      className="grid grid-cols-2 items-center justify-items-center gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6"
    >
      {brands.map(({ name, icon: Icon, className }) => (
        <li
          key={name}
          className="flex items-center gap-2 text-slate-500 transition-colors hover:text-slate-600"
        >
          <Icon size={22} strokeWidth={2.25} aria-hidden />
          <span className={`text-xl ${className}`}>{name}</span>
        </li>
      ))}
    </ul>
  );
}
