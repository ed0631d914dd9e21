import { CalendarCheck, Clock, Video } from "lucide-react";

/** Decorative only: what a booked meeting looks like. Shown on large screens. */
export function SampleMeetingPanel() {
  return (
    <aside
      aria-hidden
      className="relative hidden flex-1 items-center justify-center overflow-hidden bg-gradient-to-br from-blue-600 to-indigo-700 lg:flex"
    >
      <div className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10" />
      <div className="absolute -bottom-32 -left-16 size-80 rounded-full bg-white/5" />
      <div className="relative w-[360px] rounded-xl bg-white p-6 shadow-2xl">
        <div className="flex items-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent-strong">
            A
          </div>
          <div>
            <div className="text-slate-500 text-xs">Ana Ruiz</div>
            <div className="font-semibold text-slate-900">Product walkthrough</div>
          </div>
        </div>
        <dl className="mt-5 flex flex-col gap-3 text-slate-600 text-sm">
          <div className="flex items-center gap-2">
            <Clock size={16} /> 30 min
          </div>
          <div className="flex items-center gap-2">
            <Video size={16} /> Zoom
          </div>
          <div className="flex items-center gap-2">
            <CalendarCheck size={16} /> 10:00am - 10:30am, Tuesday, March 16
          </div>
        </dl>
        <div className="mt-6 rounded-lg bg-green-50 px-4 py-3 font-medium text-green-700 text-sm">
          You're scheduled! An invitation is on its way.
        </div>
      </div>
      <p className="absolute bottom-10 max-w-sm text-center text-blue-100 text-sm">
        Share your link, let people pick a time, and never trade another "what works for you?" email.
      </p>
    </aside>
  );
}
