import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "../../components/ui";
import { t } from "../../lib/i18n";
import { SampleMeetingPanel } from "./SampleMeetingPanel";

/** Two-pane frame of /login and /signup: the form on the left, a sample meeting on large screens. */
export function AuthLayout({ headerAction, children }: { headerAction?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen bg-white">
      <div className="flex flex-1 flex-col">
        <header className="flex items-center justify-between px-6 py-5 sm:px-10">
          <Link to="/" aria-label={t("auth.home")}>
            <Logo />
          </Link>
          {headerAction}
        </header>
        <main className="flex flex-1 items-center justify-center px-6 pb-16 sm:px-10">
          <div className="w-full max-w-[400px]">{children}</div>
        </main>
      </div>
      <SampleMeetingPanel />
    </div>
  );
}
