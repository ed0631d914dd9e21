import { CalendarCheck, Clock, Video } from "lucide-react";
import { t } from "../../lib/i18n";

/** Decorative only: what a booked meeting looks like. Shown on large screens. */
export function SampleMeetingPanel() {
  return (
    <aside
      aria-hidden
      className="relative hidden flex-1 items-center justify-center overflow-hidden bg-gradient-to-br from-blue-600 to-indigo-700 lg:flex"
    >
      <div className="absolute -top-24 -end-24 size-96 rounded-full bg-white/10" />
      <div className="absolute -bottom-32 -start-16 size-80 rounded-full bg-white/5" />
      <div className="relative w-[360px] rounded-xl bg-white p-6 shadow-2xl">
        <div className="flex items-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent-strong">
            A
          </div>
          <div>
            <div className="text-slate-500 text-xs">{t("auth.sample.name")}</div>
            <div className="font-semibold text-slate-900">{t("auth.sample.title")}</div>
          </div>
        </div>
        <dl className="mt-5 flex flex-col gap-3 text-slate-600 text-sm">
          <div className="flex items-center gap-2">
            <Clock size={16} /> {t("auth.sample.duration")}
          </div>
          <div className="flex items-center gap-2">
            <Video size={16} /> Zoom
          </div>
          <div className="flex items-center gap-2">
            <CalendarCheck size={16} /> {t("auth.sample.when")}
          </div>
        </dl>
        <div className="mt-6 rounded-lg bg-green-50 px-4 py-3 font-medium text-green-700 text-sm">
          {t("auth.sample.scheduled")}
        </div>
      </div>
      <p className="absolute bottom-10 max-w-sm text-center text-blue-100 text-sm">
        {t("auth.sample.pitch")}
      </p>
    </aside>
  );
}
