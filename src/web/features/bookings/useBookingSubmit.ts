import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { BookingDto, CreateBookingBody, Slot } from "../../../contract/bookings";
import type { EventTypeDto, Location } from "../../../contract/event-types";
import { ApiError } from "../../lib/api";
import { currentLocale, t } from "../../lib/i18n";
import {
  bookingKeys,
  type ConfirmedState,
  confirmationPath,
  createBooking,
  newIdempotencyKey,
  rescheduleBooking,
} from "./bookingApi";
import { type BookingAlert, bookingAlert, fieldErrorsFrom, isSlotConflict } from "./bookingErrors";
import { bookingEventData, embedEvent, pageAttribution } from "./embed";
import { createSeries } from "./seriesApi";
import type { SeriesPick } from "./useSeriesPick";
import { chosenLocationIndex, type DetailsValues, type FieldErrors } from "./validation";

export interface SubmitContext {
  eventType: EventTypeDto;
  slot: Slot;
  zone: string;
  date: string;
  /** Set when moving an existing booking. */
  reschedule?: { booking: BookingDto; token: string; scope?: "this" | "following" } | null;
  /** The slot went away: back to step 1 with this message and fresh times. */
  onConflict: (message: string) => void;
  /** A recurring event's series (issue 28 item 3): booked through /bookings/series. */
  series?: SeriesPick | null;
}

function bookingBody(values: DetailsValues, ctx: SubmitContext): CreateBookingBody {
  const { eventType, slot, zone } = ctx;
  const chosen = eventType.locations[chosenLocationIndex(eventType.locations, values)];
  const type = chosen?.type;
  const asksLocation = type === "ask_invitee";
  return {
    eventTypeId: eventType._id,
    attendee: {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      // The country of a number typed without "+"; the server reads, checks and stores it as E.164.
      ...(values.phone.trim() && values.phoneCountry ? { phoneCountry: values.phoneCountry } : {}),
      timezone: zone,
    },
    startTime: slot.iso,
    message: values.message.trim(),
    guests: values.guests,
    answers: eventType.questions
      .map((q, i) => ({ question: q.question, answer: (values.answers[i] ?? "").trim() }))
      .filter((a) => a.answer),
    // Sent only when there was a choice; otherwise the server takes the event type's one location.
    location:
      type && (asksLocation || eventType.locations.length > 1)
        ? // The place's own value tells two addresses of one type apart.
          { type: type as Location["type"], value: asksLocation ? values.location.trim() : chosen.value }
        : undefined,
    // UTM and metadata of an embedding page or of the link itself (issue 25).
    ...(pageAttribution ? { attribution: pageAttribution } : {}),
    // The page's language (issue 27): stored on the booking, every mail to the invitee speaks it.
    language: currentLocale(),
  };
}

/** Books (or moves) the chosen slot and goes to the confirmation; failures come back as alert or field errors. */
export function useBookingSubmit() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [alert, setAlert] = useState<BookingAlert | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // One key per booking attempt: sending the same details again (after a lost answer) reuses it, so
  // the server returns the booking with its manage token instead of a bare "already booked".
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const submit = async (ctx: SubmitContext, values?: DetailsValues) => {
    setSubmitting(true);
    setAlert(null);
    setFieldErrors({});
    try {
      let state: ConfirmedState;
      if (ctx.reschedule) {
        const { booking, token, scope } = ctx.reschedule;
        const moved = await rescheduleBooking(booking.uid, token, ctx.slot.iso, scope);
        state = { booking: moved, eventType: ctx.eventType, token };
        embedEvent("bookingRescheduled", { ...bookingEventData(moved), previousStart: booking.startTime });
      } else {
        if (!values) return;
        const body = bookingBody(values, ctx);
        const json = JSON.stringify(body);
        if (attempt.current?.body !== json) attempt.current = { body: json, key: newIdempotencyKey() };
        const { key } = attempt.current;
        const series = ctx.series;
        const send = series
          ? () => createSeries({ ...body, ...series }, key).then((made) => made.booking)
          : () => createBooking(body, key);
        const created = await send().catch((error: unknown) => {
          // The request may have landed with its answer lost: one quiet retry, safe under the same key.
          if (error instanceof ApiError && error.status === 0) return send();
          throw error;
        });
        if (!("manageToken" in created) || !created.manageToken) {
          // The same details were booked by an earlier attempt whose key this page no longer has:
          // the server tells only the time, and the manage links are in that booking's email.
          setAlert({
            message: t("booking.alreadyBooked"),
          });
          return;
        }
        state = { booking: created, eventType: ctx.eventType, token: created.manageToken };
        embedEvent("bookingCreated", bookingEventData(created));
      }
      queryClient.setQueryData(bookingKeys.booking(state.booking.uid), state.booking);
      // The language goes along, so a reload of the confirmation stays in it.
      const lang = currentLocale() === "en" ? "" : `&lang=${currentLocale()}`;
      navigate(`${confirmationPath(state.booking.uid, state.token)}${lang}`, { state });
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === "SERIES_CONFLICT") {
        // An occurrence was taken meanwhile: the dates are listed again, marked, and the message names it.
        void queryClient.invalidateQueries({ queryKey: ["series-preview"] });
        setAlert({ message: error.message });
        return;
      }
      if (isSlotConflict(error)) {
        // Someone was faster (or the time closed): drop cached times so step 1 shows the truth.
        void queryClient.invalidateQueries({ queryKey: ["slots"] });
        void queryClient.invalidateQueries({ queryKey: ["slot-days"] });
        ctx.onConflict(
          // The server's words are English: other languages say it in theirs.
          error instanceof ApiError && error.message && currentLocale() === "en"
            ? error.message
            : t("booking.timeTaken"),
        );
        return;
      }
      embedEvent("error", { message: error instanceof Error ? error.message : "Booking failed" }); // for the embedder's code, not shown
      const fields = fieldErrorsFrom(error);
      setFieldErrors(fields);
      setAlert(bookingAlert(error));
    } finally {
      setSubmitting(false);
    }
  };

  const reset = () => {
    setAlert(null);
    setFieldErrors({});
  };

  return { submit, submitting, alert, fieldErrors, reset };
}
