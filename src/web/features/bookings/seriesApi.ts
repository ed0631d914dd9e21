// Types only from the contract (see bookingApi.ts): the public booking chunk stays free of zod.
import type { CreateBookingBody } from "../../../contract/bookings";
import type { seriesResponses } from "../../../contract/responses/bookings";
import type { AnswerData } from "../../../contract/responses/shared";
import type { PreviewSeriesBody } from "../../../contract/series";
import { api } from "../../lib/api";

export type SeriesPreview = AnswerData<typeof seriesResponses.preview>;
export type SeriesCreated = AnswerData<typeof seriesResponses.create>;

export const seriesKeys = {
  preview: (eventTypeId: string, start: string, occurrences: number, zone: string) =>
    ["series-preview", eventTypeId, start, occurrences, zone] as const,
};

export const previewSeries = (body: PreviewSeriesBody) =>
  api.post<SeriesPreview>("/bookings/series/preview", body);

export const createSeries = (
  body: CreateBookingBody & { occurrences: number; skip: string[] },
  idempotencyKey: string,
) => api.post<SeriesCreated>("/bookings/series", body, { "Idempotency-Key": idempotencyKey });
