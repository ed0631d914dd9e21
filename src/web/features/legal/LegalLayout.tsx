import type { ReactNode } from "react";
import { SiteFooter } from "../../components/layout/SiteFooter";
import { SiteHeader } from "../../components/layout/SiteHeader";
import { useScrollToHash } from "../../lib/useScrollToHash";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Header, title block, a table of contents (desktop), readable prose sections, footer. */
export function LegalLayout({
  eyebrow = "Legal",
  title,
  updated,
  intro,
  sections,
}: {
  eyebrow?: string;
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useScrollToHash();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SiteHeader />
      <main className="flex-1">
        <div className="border-slate-100 border-b bg-slate-50/70">
          <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
            <p className="font-semibold text-accent-strong text-sm">{eyebrow}</p>
            <h1 className="mt-2 font-semibold text-[32px] text-slate-900 leading-tight tracking-[-0.02em]">
              {title}
            </h1>
            <p className="mt-3 text-slate-500 text-sm">Last updated {updated}</p>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:grid lg:grid-cols-[220px_minmax(0,1fr)] lg:gap-16 lg:px-8 lg:py-16">
          <nav aria-label="On this page" className="hidden lg:block">
            <div className="sticky top-24">
              <p className="font-semibold text-slate-900 text-xs uppercase tracking-wide">On this page</p>
              <ol className="mt-4 flex flex-col gap-2.5 border-slate-200 border-l">
                {sections.map((s) => (
                  <li key={s.id}>
                    <a
                      href={`#${s.id}`}
                      className="-ml-px block border-transparent border-l pl-4 text-slate-500 text-sm leading-5 hover:border-slate-400 hover:text-slate-900"
                    >
                      {s.title}
                    </a>
                  </li>
                ))}
              </ol>
            </div>
          </nav>
          <article className="max-w-[68ch] text-base text-slate-700 leading-7">
            <div className="text-slate-600 [&_p+p]:mt-4">{intro}</div>
            {sections.map((s, i) => (
              <section
                key={s.id}
                id={s.id}
                aria-labelledby={`${s.id}-title`}
                className="mt-10 scroll-mt-24 focus:outline-none"
              >
                <h2 id={`${s.id}-title`} className="font-semibold text-[20px] text-slate-900 leading-7">
                  <span className="mr-2 text-slate-500 tabular-nums">{i + 1}.</span>
                  {s.title}
                </h2>
                <div className="mt-3 [&_li]:mt-2 [&_p+p]:mt-4 [&_p+ul]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul+p]:mt-4 [&_ul]:list-disc [&_ul]:pl-5 [&_ul]:marker:text-slate-500">
                  {s.body}
                </div>
              </section>
            ))}
          </article>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
