import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../../components/ui/Card";
import { EmptyState } from "../../components/ui/EmptyState";
import { ErrorState, type RetryableQuery } from "../../components/ui/ErrorState";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { embed } from "./embed";
import { LanguageSwitcher } from "./LanguageSwitcher";

/** The invitee pages' backdrop: light app grey, the card centred, a quiet 'Powered by Kairos'. */
export function PublicFrame({ children, className }: { children: ReactNode; className?: string }) {
  // In another site's frame: no page chrome, and no full viewport height (the frame takes the page's
  // height, so a page as tall as its frame could never shrink it).
  if (embed) return <main className={cn("mx-auto w-full", className)}>{children}</main>;
  return (
    <div className="flex min-h-dvh flex-col bg-app">
      <main className={cn("mx-auto w-full flex-1 sm:px-6 sm:py-10 lg:py-14", className)}>{children}</main>
      <footer className="flex flex-wrap items-center justify-center gap-x-6 gap-y-3 py-6 text-center text-slate-500 text-xs">
        <Link to="/" className="rounded-sm hover:text-slate-600">
          {t("frame.poweredBy")} <span className="font-semibold text-slate-500">Kairos</span>
        </Link>
        <LanguageSwitcher />
      </footer>
    </div>
  );
}

/** A page-sized card; full-bleed on phones, rounded and bordered from sm up. */
export function PageCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Card
      className={cn(
        "overflow-visible rounded-none border-x-0 border-t-0 shadow-none sm:rounded-xl sm:border-x sm:border-t sm:shadow-[0_1px_3px_rgba(15,23,42,0.06)]",
        className,
      )}
    >
      {children}
    </Card>
  );
}

/** A message instead of the page: not found, no longer available, failed to load. */
export function StatusCard({
  icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <PublicFrame className="flex max-w-lg items-center px-4 sm:px-6">
      <Card className="w-full p-6 sm:p-10">
        <EmptyState icon={icon} title={title} description={description} action={action} />
      </Card>
    </PublicFrame>
  );
}

/** A page that failed to load: what failed, and Try again (the shared ErrorState, on the invitees' card). */
export function ErrorCard({ title, query }: { title: string; query: RetryableQuery }) {
  return (
    <PublicFrame className="flex max-w-lg items-center px-4 sm:px-6">
      <Card className="w-full p-6 sm:p-10">
        <ErrorState title={title} description={t("common.checkConnection")} query={query} />
      </Card>
    </PublicFrame>
  );
}
