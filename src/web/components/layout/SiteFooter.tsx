import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { Logo } from "../ui";

interface FooterLink {
  label: string;
  to: string;
}

/** Every link leads somewhere: the landing page's features, or a section of /about. */
const about = (label: string, section: string): FooterLink => ({ label, to: `/about#${section}` });

const columns: { heading: string; links: FooterLink[] }[] = [
  {
    heading: "Product",
    links: [
      { label: "Features", to: "/#features" },
      about("Integrations", "integrations"),
      about("Enterprise", "enterprise"),
      about("Pricing", "pricing"),
    ],
  },
  {
    heading: "Company",
    links: [
      about("About", "about"),
      about("Careers", "careers"),
      about("Press", "press"),
      about("Contact", "contact"),
    ],
  },
  {
    heading: "Support",
    links: [
      about("Help Center", "help"),
      about("Community", "community"),
      about("Status", "status"),
      about("Security", "security"),
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Terms", to: "/terms-and-conditions" },
      about("Cookies", "cookies"),
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
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
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
