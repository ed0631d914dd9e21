import type { ReactNode } from "react";
import { cn } from "../lib/cn";
import { Card } from "./ui";

/** One section of /settings (users, blocklist, ...): a titled card that the page's jump list can scroll to. */
export function SettingsCard({
  id,
  title,
  description,
  children,
  tone = "default",
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  tone?: "default" | "danger";
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <Card className={cn("p-5 sm:p-6", tone === "danger" && "border-red-200")}>
        <h2 id={`${id}-title`} className="font-semibold text-base text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-1 text-slate-500 text-sm">{description}</p>}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}
