import { useQuery } from "@tanstack/react-query";
import { Repeat } from "lucide-react";
import type { EventTypeDto } from "../../../contract/event-types";
import { Button } from "../../components/ui/Button";
import { Select } from "../../components/ui/Select";
import { t } from "../../lib/i18n";
import { previewSeries, seriesKeys } from "./seriesApi";
import { formatDateLong, formatTime } from "./time";

/**
 * Recurring event (issue 28 item 3), above the details form: how many occurrences (1 up to the
 * host's most), the rule in words ("Every week for 6 occurrences") and every date in the invitee's
 * zone, those that cannot be booked marked: booking leaves them out, or the invitee picks another start.
 */
export default function SeriesChoice({
  eventType,
  start,
  zone,
  occurrences,
  onOccurrencesChange,
  onChooseAnother,
}: {
  eventType: EventTypeDto;
  start: string;
  zone: string;
  occurrences: number;
  onOccurrencesChange: (n: number) => void;
  onChooseAnother: () => void;
}) {
  const max = eventType.recurrence?.maxOccurrences ?? 1;
  const preview = useQuery({
    queryKey: seriesKeys.preview(eventType._id, start, occurrences, zone),
    queryFn: () =>
      previewSeries({ eventTypeId: eventType._id, startTime: start, occurrences, timezone: zone }),
  });
  const list = preview.data?.occurrences ?? [];
  const blocked = list.filter((o) => o.problem);
  return (
    <section aria-labelledby="series-heading" className="mb-6 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2 text-slate-800 text-sm">
        <Repeat size={16} aria-hidden className="text-slate-500" />
        <h2 id="series-heading" className="font-medium">
          {eventType.recurrence
            ? t("series.repeats", { frequency: eventType.recurrence.frequency, count: occurrences })
            : t("series.recurring")}
        </h2>
        <label htmlFor="series-occurrences" className="ms-auto text-slate-600">
          {t("series.occurrences")}
        </label>
        <Select
          id="series-occurrences"
          wrapperClassName="w-20"
          value={occurrences}
          onChange={(e) => onOccurrencesChange(Number(e.target.value))}
        >
          {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      {preview.isError && (
        <p role="alert" className="mt-3 text-red-600 text-sm">
          {t("series.listFailed")}
        </p>
      )}
      <ol
        aria-label={t("series.dates")}
        aria-busy={preview.isPending}
        className="mt-3 flex flex-col gap-1 text-sm"
      >
        {list.map((o) => (
          <li key={o.startTime} className={o.problem ? "text-slate-400" : "text-slate-700"}>
            <span className={o.problem ? "line-through" : undefined}>
              {formatDateLong(o.startTime, zone)}, {formatTime(o.startTime, zone)}
            </span>
            {o.problem && <span className="ms-2 text-red-600 no-underline">{problemWords(o.problem)}</span>}
          </li>
        ))}
      </ol>
      {blocked.length > 0 && (
        <div role="status" className="mt-3 flex flex-wrap items-center gap-3 text-slate-700 text-sm">
          <p>{t("series.skipped", { count: blocked.length })}</p>
          <Button type="button" variant="outline" size="sm" onClick={onChooseAnother}>
            {t("series.chooseAnother")}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * An occurrence's problem in the page's language. The server words it in English (contract/series.ts
 * OCCURRENCE_PROBLEMS and "Skipped"); a wording it adds later shows as sent.
 */
const PROBLEMS = {
  "Already booked": "series.problem.taken",
  "Not available": "series.problem.unavailable",
  "The host's bookings for that period are full": "series.problem.limit",
  Skipped: "series.problem.skipped",
} as const;

function problemWords(problem: string): string {
  const id = PROBLEMS[problem as keyof typeof PROBLEMS];
  return id ? t(id) : problem;
}
