import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { Logo, toast } from "../ui";

interface FooterLink {
  label: string;
  /** Internal route; links without one do not navigate. */
  to?: string;
}

const columns: { heading: string; links: FooterLink[] }[] = [
  {
    heading: "Product",
    links: [{ label: "Features" }, { label: "Integrations" }, { label: "Enterprise" }, { label: "Pricing" }],
  },
  {
    heading: "Company",
    links: [{ label: "About" }, { label: "Careers" }, { label: "Press" }, { label: "Contact" }],
  },
  {
    heading: "Support",
    links: [{ label: "Help Center" }, { label: "Community" }, { label: "Status" }, { label: "Security" }],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Terms", to: "/terms-and-conditions" },
      { label: "Cookies" },
    ],
  },
];

const linkClass =
  "rounded-sm text-left text-slate-600 text-sm transition-colors hover:text-slate-900 hover:underline hover:underline-offset-4";

/** Public footer: brand blurb, four link columns, copyright. */
export function SiteFooter({ className }: { className?: string }) {
  return (
    <footer className={cn("border-slate-200 border-t bg-white", className)}>
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-8 gap-y-10 md:grid-cols-6">
          <div className="col-span-2">
            <Link to="/" aria-label="Kairos home" className="-m-1 inline-block rounded-md p-1">
              <Logo />
            </Link>
            <p className="mt-4 max-w-xs text-slate-500 text-sm leading-6">
              Easy scheduling ahead. Share your availability, let people book, and spend your time on the
              meeting instead of arranging it.
            </p>
          </div>
          {columns.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className="font-semibold text-slate-900 text-sm">{column.heading}</h2>
              <ul className="mt-4 flex flex-col gap-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.to ? (
                      <Link to={link.to} className={linkClass}>
                        {link.label}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        className={linkClass}
                        onClick={() => toast.info(`${link.label} is coming soon.`)}
                      >
                        {link.label}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-2 border-slate-200 border-t pt-6 text-slate-500 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>© 2024 Kairos. All rights reserved.</p>
          <p>Made for people with better things to do than schedule.</p>
        </div>
      </div>
    </footer>
  );
}
