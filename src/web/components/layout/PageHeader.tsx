import type { ReactNode } from "react";

/** Title and subtitle of a host screen, with its primary action at the top right. */
export function PageHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="font-semibold text-2xl text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-slate-500 text-sm">{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}
