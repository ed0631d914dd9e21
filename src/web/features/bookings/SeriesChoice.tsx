import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Repeat } from "lucide-react";
import { useState } from "react";
import type { EventTypeDto } from "../../../contract/event-types";
import { Button, Select } from "../../components/ui";
import { previewSeries, type SeriesPreview, seriesKeys } from "./seriesApi";
import { formatDateLong, formatTime } from "./time";

/** What the invitee chose of a recurring event: how many occurrences, and which to leave out. */
export interface SeriesPick {
  occurrences: number;
  skip: string[];
}

/**
 * Recurring event (issue 28 item 3), above the details form: how many occurrences (1 up to the
 * host's most), the rule in words ("Every week for 6 occurrences") and every date in the invitee's
 * zone, those that cannot be booked marked: booking leaves them out, or the invitee picks another start.
 */
export function SeriesChoice({
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
          {preview.data?.description ?? "Recurring event"}
        </h2>
        <label htmlFor="series-occurrences" className="ml-auto text-slate-600">
          Occurrences
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
          {preview.error instanceof Error ? preview.error.message : "Could not list the dates"}
        </p>
      )}
      <ol aria-label="Dates" aria-busy={preview.isPending} className="mt-3 flex flex-col gap-1 text-sm">
        {list.map((o) => (
          <li key={o.startTime} className={o.problem ? "text-slate-400" : "text-slate-700"}>
            <span className={o.problem ? "line-through" : undefined}>
              {formatDateLong(o.startTime, zone)}, {formatTime(o.startTime, zone)}
            </span>
            {o.problem && <span className="ml-2 text-red-600 no-underline">{o.problem}</span>}
          </li>
        ))}
      </ol>
      {blocked.length > 0 && (
        <div role="status" className="mt-3 flex flex-wrap items-center gap-3 text-slate-700 text-sm">
          <p>
            {blocked.length === 1 ? "1 date is" : `${blocked.length} dates are`} not available and will be
            skipped.
          </p>
          <Button type="button" variant="outline" size="sm" onClick={onChooseAnother}>
            Choose another start
          </Button>
        </div>
      )}
    </section>
  );
}

/** The starts the preview marked unavailable (sent as `skip`), from the query's cached answer. */
export function blockedStarts(list: { startTime: string; problem: string | null }[] | undefined): string[] {
  return (list ?? []).filter((o) => o.problem).map((o) => o.startTime);
}

/**
 * The booking page's series state: the occurrences chosen (default the host's most) and, at submit,
 * the pick with the dates the preview marked unavailable left out. Null for a one-off meeting.
 */
export function useSeriesPick(eventType: EventTypeDto | undefined, start: string | undefined, zone: string) {
  const queryClient = useQueryClient();
  const max = eventType?.recurrence?.maxOccurrences ?? 0;
  const [chosen, setOccurrences] = useState<number | null>(null);
  const occurrences = chosen ?? max;
  const pick = (): SeriesPick | null => {
    if (!eventType?.recurrence || !start) return null;
    const key = seriesKeys.preview(eventType._id, start, occurrences, zone);
    return { occurrences, skip: blockedStarts(queryClient.getQueryData<SeriesPreview>(key)?.occurrences) };
  };
  return { recurring: max > 0, occurrences, setOccurrences, pick };
}
