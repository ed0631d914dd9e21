import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { MAX_FIXED_TIMES } from "../../../contract/event-types";
import type { DaySlotsAnswer } from "../../../contract/responses/bookings";
import { Field, Input, Spinner } from "../../components/ui";
import { api } from "../../lib/api";
import { timeLabelText } from "../../lib/host-clock";
import { t } from "../../lib/i18n";
import { formatPollTime, localZone } from "../polls/time";

/**
 * One-off: the times offered (none = the host's availability) and when the link expires.
 * Meeting poll: up to 40 proposed times. Times are picked from the host's own free slots of a
 * chosen day. A form field: the one save of the drawer or the dialog keeps them.
 */
export function FixedTimesField({
  idPrefix,
  poll,
  slotsPath,
  times,
  onTimesChange,
  expires,
  onExpiresChange,
  resultsId,
}: {
  idPrefix: string;
  poll: boolean;
  /** Where the free slots of a day come from (the event type's own lookup, or the host's). */
  slotsPath: (day: string, zone: string) => string;
  times: string[];
  onTimesChange: (times: string[]) => void;
  /** One-off: the expiry as a datetime-local value ("" for none). */
  expires?: string;
  onExpiresChange?: (value: string) => void;
  /** A saved poll: links its results. */
  resultsId?: string;
}) {
  const zone = localZone();
  // Tomorrow: today's free times are often gone by the time a host sets a poll up.
  const [day, setDay] = useState(() => new Date(Date.now() + 86_400_000).toLocaleDateString("en-CA"));
  const slots = useQuery({
    queryKey: ["fixed-times-slots", slotsPath(day, zone)],
    queryFn: () => api.get<DaySlotsAnswer>(slotsPath(day, zone)),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
  const toggle = (iso: string) => {
    const at = new Date(iso).toISOString();
    onTimesChange(
      times.includes(at)
        ? times.filter((x) => x !== at)
        : times.length >= MAX_FIXED_TIMES
          ? times
          : [...times, at].sort(),
    );
  };
  const label = poll ? t("eventTypes.fixed.proposed") : t("eventTypes.fixed.offered");

  return (
    <div className="flex flex-col gap-3">
      <div>
        <span className="font-medium text-slate-800 text-sm">{label}</span>
        <p className="text-[13px] text-slate-500">
          {poll ? t("eventTypes.fixed.pollHint", { max: MAX_FIXED_TIMES }) : t("eventTypes.fixed.oneOffHint")}
        </p>
      </div>
      <Field label={t("eventTypes.fixed.day")} htmlFor={`${idPrefix}-fixed-day`}>
        <div className="w-48">
          <Input
            id={`${idPrefix}-fixed-day`}
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
          />
        </div>
      </Field>
      <fieldset className="flex min-h-9 flex-wrap gap-2" aria-label={t("eventTypes.fixed.freeSlots")}>
        {slots.isLoading ? (
          <Spinner />
        ) : slots.isError ? (
          <p className="text-red-600 text-sm">{t("eventTypes.fixed.slotsFailed")}</p>
        ) : (slots.data ?? []).length === 0 ? (
          <p className="text-slate-500 text-sm">{t("eventTypes.fixed.noSlots")}</p>
        ) : (
          slots.data?.map((s) => {
            const on = times.includes(new Date(s.iso).toISOString());
            return (
              <button
                key={s.iso}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(s.iso)}
                className={`rounded-md border px-2.5 py-1 text-sm tabular-nums ${on ? "border-accent bg-accent-soft font-medium text-accent-strong" : "border-slate-200 text-slate-700 hover:border-slate-400"}`}
              >
                {timeLabelText(s.startTime)}
              </button>
            );
          })
        )}
      </fieldset>
      {times.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {times.map((time) => (
            <li
              key={time}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 ps-3 pe-1 text-slate-700 text-xs"
            >
              {formatPollTime(time, zone)}
              <button
                type="button"
                aria-label={t("eventTypes.fixed.remove", { time: formatPollTime(time, zone) })}
                onClick={() => toggle(time)}
                className="rounded-full p-0.5 hover:bg-slate-200"
              >
                <X size={12} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={`text-xs ${poll && times.length === 0 ? "text-amber-700" : "text-slate-500"}`}>
        {poll && times.length === 0
          ? t("eventTypes.fixed.pollMissing")
          : !poll && times.length === 0
            ? t("eventTypes.fixed.noneChosen")
            : t("eventTypes.fixed.selected", { count: times.length, max: MAX_FIXED_TIMES })}
      </p>
      {onExpiresChange && (
        <Field
          label={t("eventTypes.fixed.expires")}
          htmlFor={`${idPrefix}-expires`}
          hint={t("eventTypes.fixed.expiresHint")}
        >
          <div className="w-64">
            <Input
              id={`${idPrefix}-expires`}
              type="datetime-local"
              value={expires ?? ""}
              onChange={(e) => onExpiresChange(e.target.value)}
            />
          </div>
        </Field>
      )}
      {resultsId && (
        <Link to={`/polls/${resultsId}`} className="w-fit text-accent-strong text-sm hover:underline">
          {t("eventTypes.fixed.openResults")}
        </Link>
      )}
    </div>
  );
}

/** An ISO instant as a datetime-local value in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
