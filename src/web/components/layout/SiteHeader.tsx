import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { buttonClasses, Logo } from "../ui";

/** Public header: brand to '/', 'Log In' to /login. Sticky, white, hairline bottom border. */
export function SiteHeader({ className }: { className?: string }) {
  return (
    <header
      className={cn("sticky top-0 z-40 border-slate-200 border-b bg-white/90 backdrop-blur-md", className)}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t("common.site.home")} className="-m-1 rounded-md p-1">
          <Logo />
        </Link>
        <Link to="/login" className={buttonClasses({ variant: "primary", size: "md" })}>
          {t("common.site.logIn")}
        </Link>
      </div>
    </header>
  );
}
