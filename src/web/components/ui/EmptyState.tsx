import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center px-6 py-10 text-center", className)}>
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
        <Icon size={24} aria-hidden />
      </span>
      <h3 className="font-semibold text-base text-slate-900">{title}</h3>
      {description && <p className="mt-1 max-w-sm text-slate-500 text-sm">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
