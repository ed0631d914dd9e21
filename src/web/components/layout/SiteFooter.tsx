import { Link } from "react-router";
import type { AppMessageId } from "../../lib/app-messages";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { Logo } from "../ui";

interface FooterLink {
  label: AppMessageId;
  to: string;
}

/** Every link leads somewhere: the landing page's features, or a section of /about. */
const about = (label: AppMessageId, section: string): FooterLink => ({ label, to: `/about#${section}` });

const columns: { heading: AppMessageId; links: FooterLink[] }[] = [
  {
    heading: "common.footer.product",
    links: [
      { label: "common.footer.features", to: "/#features" },
      about("common.footer.integrations", "integrations"),
      about("common.footer.enterprise", "enterprise"),
      about("common.footer.pricing", "pricing"),
    ],
  },
  {
    heading: "common.footer.company",
    links: [
      about("common.footer.about", "about"),
      about("common.footer.careers", "careers"),
      about("common.footer.press", "press"),
      about("common.footer.contact", "contact"),
    ],
  },
  {
    heading: "common.footer.support",
    links: [
      about("common.footer.help", "help"),
      about("common.footer.community", "community"),
      about("common.footer.status", "status"),
      about("common.footer.security", "security"),
    ],
  },
  {
    heading: "common.footer.legal",
    links: [
      { label: "common.footer.privacy", to: "/privacy-policy" },
      { label: "common.footer.terms", to: "/terms-and-conditions" },
      about("common.footer.cookies", "cookies"),
    ],
  },
];

const linkClass =
  "rounded-sm text-start text-slate-600 text-sm transition-colors hover:text-slate-900 hover:underline hover:underline-offset-4";

/** Public footer: brand blurb, four link columns, copyright. */
export function SiteFooter({ className }: { className?: string }) {
  return (
    <footer className={cn("border-slate-200 border-t bg-white", className)}>
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-8 gap-y-10 md:grid-cols-6">
          <div className="col-span-2">
            <Link to="/" aria-label={t("common.site.home")} className="-m-1 inline-block rounded-md p-1">
              <Logo />
            </Link>
            <p className="mt-4 max-w-xs text-slate-500 text-sm leading-6">{t("common.footer.blurb")}</p>
          </div>
          {columns.map((column) => (
            <nav key={column.heading} aria-label={t(column.heading)}>
              <h2 className="font-semibold text-slate-900 text-sm">{t(column.heading)}</h2>
              <ul className="mt-4 flex flex-col gap-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className={linkClass}>
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-2 border-slate-200 border-t pt-6 text-slate-500 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{t("common.footer.rights")}</p>
          <p>{t("common.footer.tagline")}</p>
        </div>
      </div>
    </footer>
  );
}
