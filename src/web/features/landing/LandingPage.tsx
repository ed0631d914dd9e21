import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { SiteFooter } from "../../components/layout/SiteFooter";
import { SiteHeader } from "../../components/layout/SiteHeader";
import { buttonClasses } from "../../components/ui";
import { cn } from "../../lib/cn";
import { useScrollToHash } from "../../lib/useScrollToHash";
import { Features } from "./Features";
import { LogoStrip } from "./LogoStrip";
import { SampleBookingCard } from "./SampleBookingCard";
import { Testimonials } from "./Testimonials";

const steps = [
  { title: "Set your hours", body: "Tell Kairos when you like to meet. Your calendar keeps it honest." },
  { title: "Share your link", body: "Send it anywhere. Invitees see open times in their own timezone." },
  { title: "Get booked", body: "They pick a slot; the meeting lands on both calendars with the details." },
];

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
                Trusted by 20 million+ users
              </p>
              <h1 className="mt-6 font-semibold text-[32px] text-slate-900 leading-[1.1] tracking-[-0.03em] sm:text-[48px] lg:text-[56px]">
                Easy scheduling <span className="text-accent-strong">ahead</span>
              </h1>
              <p className="mx-auto mt-5 max-w-2xl text-base text-slate-600 leading-7 sm:text-xl sm:leading-8">
                Kairos finds the perfect time without the back-and-forth emails. Share your link, let people
                pick a slot, and get straight to the meeting.
              </p>
              <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
                <Link to="/login" className={cn(buttonClasses({ size: "lg" }), "w-full sm:w-auto")}>
                  Log in to get started
                  <ArrowRight size={18} aria-hidden />
                </Link>
              </div>
              <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-slate-500 text-sm">
                {["Free for individuals", "No credit card needed", "Set up in minutes"].map((item) => (
                  <li key={item} className="flex items-center gap-1.5">
                    <Check size={16} aria-hidden className="text-emerald-500" />
                    {item}
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
              More than <span className="font-semibold text-slate-900">20 million users</span> at teams of
              every size schedule with Kairos
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
            eyebrow="How it works"
            title="From “when works for you?” to booked"
            body="Three steps, once. After that your calendar fills itself."
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
                  <h3 className="font-semibold text-base text-slate-900 md:mt-4">{step.title}</h3>
                  <p className="mt-1 text-slate-600 text-sm leading-6 md:mt-2">{step.body}</p>
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
              eyebrow="Features"
              title="Everything scheduling, nothing extra"
              body="The tools busy people and growing teams use every day to stay on top of their time."
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
            eyebrow="Customers"
            title="Loved by people who meet for a living"
            body="Sales, recruiting, support, founders: whoever books the meetings gets their week back."
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
                Take back your calendar
              </h2>
              <p className="mx-auto mt-3 max-w-lg text-base text-slate-300 leading-7">
                Join 20 million+ people who let Kairos handle the scheduling.
              </p>
              <Link to="/login" className={cn(buttonClasses({ size: "lg" }), "mt-8 w-full sm:w-auto")}>
                Log In
                <ArrowRight size={18} aria-hidden />
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
