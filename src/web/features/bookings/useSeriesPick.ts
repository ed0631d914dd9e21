import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { EventTypeDto } from "../../../contract/event-types";
import { type SeriesPreview, seriesKeys } from "./seriesApi";

/** What the invitee chose of a recurring event: how many occurrences, and which to leave out. */
export interface SeriesPick {
  occurrences: number;
  skip: string[];
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
