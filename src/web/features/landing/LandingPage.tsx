import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { SiteFooter } from "../../components/layout/SiteFooter";
import { SiteHeader } from "../../components/layout/SiteHeader";
import { buttonClasses } from "../../components/ui";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { useScrollToHash } from "../../lib/useScrollToHash";
import { Features } from "./Features";
import { LogoStrip } from "./LogoStrip";
import { SampleBookingCard } from "./SampleBookingCard";
import { Testimonials } from "./Testimonials";

const steps = [
  { title: "landing.s1.title", body: "landing.s1.body" },
  { title: "landing.s2.title", body: "landing.s2.body" },
  { title: "landing.s3.title", body: "landing.s3.body" },
] as const;
const PROMISES = ["landing.hero.free", "landing.hero.noCard", "landing.hero.minutes"] as const;

/** Public landing page ('/'). Its only actions are the Log In links to /login. */
export function LandingPage() {
  useScrollToHash();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SiteHeader />
      <main className="flex-1">
        {/* Hero */}
        <section className="relative overflow-hidden">
          <div
            aria-hidden
            className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-[560px] bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,#dbeafe_0%,rgba(239,246,255,0.6)_45%,rgba(255,255,255,0)_100%)]"
          />
          <div className="relative mx-auto max-w-6xl px-4 pt-14 pb-16 sm:px-6 sm:pt-20 lg:px-8 lg:pt-24 lg:pb-24">
            <div className="mx-auto max-w-3xl text-center">
              <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white/80 px-3 py-1 font-medium text-blue-700 text-xs">
                <span className="size-1.5 rounded-full bg-accent" aria-hidden />
                {t("landing.hero.trusted")}
              </p>
              <h1 className="mt-6 font-semibold text-[32px] text-slate-900 leading-[1.1] tracking-[-0.03em] sm:text-[48px] lg:text-[56px]">
                {t("landing.hero.titleStart")}{" "}
                <span className="text-accent-strong">{t("landing.hero.titleEnd")}</span>
              </h1>
              <p className="mx-auto mt-5 max-w-2xl text-base text-slate-600 leading-7 sm:text-xl sm:leading-8">
                {t("landing.hero.body")}
              </p>
              <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
                <Link to="/login" className={cn(buttonClasses({ size: "lg" }), "w-full sm:w-auto")}>
                  {t("landing.hero.cta")}
                  <ArrowRight size={18} aria-hidden className="rtl:-scale-x-100" />
                </Link>
              </div>
              <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-slate-500 text-sm">
                {PROMISES.map((item) => (
                  <li key={item} className="flex items-center gap-1.5">
                    <Check size={16} aria-hidden className="text-emerald-500" />
                    {t(item)}
                  </li>
                ))}
              </ul>
            </div>
            <SampleBookingCard className="mx-auto mt-14 max-w-5xl lg:mt-16" />
          </div>
        </section>

        {/* Social proof */}
        <section aria-labelledby="proof-heading" className="border-slate-100 border-y bg-slate-50/60">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
            <h2 id="proof-heading" className="text-center text-slate-600 text-sm">
              {t("landing.proof.moreThan")}{" "}
              <span className="font-semibold text-slate-900">{t("landing.proof.users")}</span>{" "}
              {t("landing.proof.rest")}
            </h2>
            <div className="mt-10">
              <LogoStrip />
            </div>
          </div>
        </section>

        {/* How it works */}
        <section
          aria-labelledby="how-heading"
          className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8 lg:py-24"
        >
          <SectionHeading
            id="how-heading"
            eyebrow={t("landing.how.eyebrow")}
            title={t("landing.how.title")}
            body={t("landing.how.body")}
          />
          <ol className="mt-12 grid gap-5 md:grid-cols-3">
            {steps.map((step, i) => (
              <li
                key={step.title}
                className="flex gap-4 rounded-lg border border-slate-200 bg-white p-5 md:block md:p-6"
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-strong font-semibold text-sm text-white tabular-nums">
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-base text-slate-900 md:mt-4">{t(step.title)}</h3>
                  <p className="mt-1 text-slate-600 text-sm leading-6 md:mt-2">{t(step.body)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        {/* Features */}
        <section
          id="features"
          aria-labelledby="features-heading"
          className="scroll-mt-20 border-slate-100 border-t bg-slate-50/60 focus:outline-none"
        >
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8 lg:py-24">
            <SectionHeading
              id="features-heading"
              eyebrow={t("landing.features.eyebrow")}
              title={t("landing.features.title")}
              body={t("landing.features.body")}
            />
            <div className="mt-14">
              <Features />
            </div>
          </div>
        </section>

        {/* Testimonials */}
        <section
          aria-labelledby="quotes-heading"
          className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8 lg:py-24"
        >
          <SectionHeading
            id="quotes-heading"
            eyebrow={t("landing.quotes.eyebrow")}
            title={t("landing.quotes.title")}
            body={t("landing.quotes.body")}
          />
          <div className="mt-12">
            <Testimonials />
          </div>
        </section>

        {/* Closing call to action */}
        <section className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8 lg:pb-24">
          <div className="relative overflow-hidden rounded-2xl bg-slate-900 px-6 py-14 text-center sm:px-12 lg:py-16">
            <div
              aria-hidden
              className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_70%_80%_at_50%_120%,rgba(59,130,246,0.45),rgba(15,23,42,0))]"
            />
            <div className="relative">
              <h2 className="font-semibold text-[24px] text-white leading-tight tracking-[-0.02em] sm:text-[32px]">
                {t("landing.cta.title")}
              </h2>
              <p className="mx-auto mt-3 max-w-lg text-base text-slate-300 leading-7">
                {t("landing.cta.body")}
              </p>
              <Link to="/login" className={cn(buttonClasses({ size: "lg" }), "mt-8 w-full sm:w-auto")}>
                {t("landing.cta.logIn")}
                <ArrowRight size={18} aria-hidden className="rtl:-scale-x-100" />
              </Link>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

function SectionHeading({
  id,
  eyebrow,
  title,
  body,
}: {
  id: string;
  eyebrow: string;
  title: string;
  body: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-semibold text-accent-strong text-sm">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 font-semibold text-[24px] text-slate-900 leading-tight tracking-[-0.02em] sm:text-[32px]"
      >
        {title}
      </h2>
      <p className="mt-4 text-base text-slate-600 leading-7">{body}</p>
    </div>
  );
}
