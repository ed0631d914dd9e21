import { useQuery } from "@tanstack/react-query";
import { CalendarX } from "lucide-react";
import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { needsApproval } from "../../../contract/approval-rules";
import type { Slot, SlotDays } from "../../../contract/bookings";
import { localizedEventText } from "../../../contract/event-type-translations";
import type { EventTypeDto } from "../../../contract/event-types";
import { prefersHour24 } from "../../../contract/languages";
import { eventTypePath } from "../../../contract/usernames";
import { buttonClasses } from "../../components/ui/Button";
import { monthOf } from "../../components/ui/dates";
import { Skeleton } from "../../components/ui/Skeleton";
import { ApiError } from "../../lib/api";
import { currentLocale, t } from "../../lib/i18n";
import { bookingKeys, eventRefOf, fetchPublicBooking, fetchPublicEventType, movingFrom } from "./bookingApi";
import { DateTimeStep } from "./DateTimeStep";
import { DetailsForm } from "./DetailsForm";
import { EventInfo } from "./EventInfo";
import { earlyData, peekEarly, startEarlyFetches, takeEarly } from "./earlyFetch";
import { embed, embedEvent, embedZone } from "./embed";
import { FirstView } from "./firstView";
import { ErrorCard, PageCard, PublicFrame, StatusCard } from "./PublicFrame";
import { RescheduleBanner, RescheduleConfirm } from "./Reschedule";
import { addMinutes, dateInZone, detectTimeZone, formatTime } from "./time";
import { useBookingSubmit } from "./useBookingSubmit";
import { useNow } from "./useNow";
import { useSeriesPick } from "./useSeriesPick";
import { emptyDetails } from "./validation";

// Only recurring event types show it: loaded when one does, not with every booking page.
const SeriesChoice = lazy(() => import("./SeriesChoice"));

// Runs once, when the chunk loads: the first requests start before React renders (see earlyFetch).
// (Not on the server, which renders the page's first view from answers it already has: ssr.tsx.)
if (typeof window !== "undefined") startEarlyFetches(window.location);

/**
 * /{username}/{slug} and /book/:slug — step 1 'Select a Date & Time', step 2 'Enter Details' (or,
 * with ?reschedule={uid}&token={token}, 'Confirm New Time'). The choice lives in the address
 * (?month=2026-12&date=2026-12-15, and &time={instant} on step 2), so a reload keeps it; step 2 is a
 * history entry, so the browser's Back button returns to the times.
 */
export default function BookingPage() {
  const params = useParams();
  // The page keeps the reference it opened with: moving the address to the canonical link below
  // must not refetch what is already loaded.
  const [ref] = useState(() => eventRefOf(params.username, params.slug ?? ""));
  const slug = params.slug ?? "";
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const rescheduleUid = search.get("reschedule");
  const rescheduleToken = search.get("token");
  const moving = useMemo(() => movingFrom(search), [search]);

  const eventType = useQuery({
    queryKey: bookingKeys.eventType(ref),
    queryFn: () => takeEarly(["event-type", ref], () => fetchPublicEventType(ref)),
    initialData: () => earlyData<EventTypeDto>(["event-type", ref]),
  });
  const original = useQuery({
    queryKey: bookingKeys.booking(rescheduleUid ?? ""),
    queryFn: () => fetchPublicBooking(rescheduleUid ?? "", rescheduleToken ?? ""),
    enabled: !!rescheduleUid && !!rescheduleToken,
  });

  // The invitee's zone is detected, never assumed, and can be changed under the calendar. (The server's
  // first view uses the zone this browser reported before, else the host's: the browser then corrects it.)
  const firstView = useContext(FirstView);
  const [zone, setZone] = useState(() => embedZone ?? firstView.zone ?? detectTimeZone());
  const now = useNow(firstView.now);
  const today = dateInZone(now, zone);
  const [chosen] = useState(() => choiceInAddress(search));
  const [month, setMonth] = useState(() => chosen.month ?? monthOf(chosen.date ?? today));
  // The day in the address; else the first open day from today, when the month's open days came with
  // the page (earlyFetch), so its times show at once; otherwise today, whose times were requested with
  // the page, and auto-pick moves on.
  const [date, setDate] = useState<string | null>(() => {
    if (chosen.date) return chosen.date;
    const days = peekEarly<SlotDays>(["month", ref, monthOf(today), zone, moving?.uid ?? ""]);
    return days?.days.find((d) => d >= today) ?? today;
  });
  // A time in the address (a reload of step 2) is taken as chosen; if it has gone meanwhile, booking
  // it answers a conflict and the page returns to fresh times.
  const [slot, setSlot] = useState<Slot | null>(() =>
    chosen.time ? { iso: chosen.time, startTime: formatTime(chosen.time, zone) } : null,
  );
  const [autoPick, setAutoPick] = useState(() => !chosen.date);
  const [notice, setNotice] = useState<string | null>(null);
  const [values, setValues] = useState(() => ({
    ...emptyDetails({ name: search.get("name"), email: search.get("email"), phone: search.get("phone") }),
    // Prefilled by an embedding page (issue 25); the invitee may still change them.
    message: embed?.prefill.notes ?? "",
    guests: embed?.prefill.guests ?? [],
  }));
  const booking = useBookingSubmit();
  // A recurring event's series (issue 28 item 3); never when moving one booking.
  const series = useSeriesPick(rescheduleUid ? undefined : eventType.data, slot?.iso, zone);
  const stepRegion = useRef<HTMLDivElement>(null);

  const inDetails = search.has("time") && slot !== null;
  /** The address with these choices set (null removes one), keeping every other parameter. */
  const withChoice = (changes: Partial<Record<"month" | "date" | "time", string | null>>) => {
    const next = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return `?${next}`;
  };

  const [hour24, setHour24] = useState<boolean | null>(null);

  useEffect(() => {
    if (!eventType.data) return;
    document.title = `${localizedEventText(eventType.data, currentLocale()).title} | ${eventType.data.user.name}`;
    const { _id: id, slug: typeSlug, title, duration } = eventType.data;
    embedEvent("eventTypeViewed", { eventType: { id, slug: typeSlug, title, duration } });
  }, [eventType.data]);
  useEffect(() => {
    if (eventType.error) embedEvent("error", { message: eventType.error.message });
  }, [eventType.error]);

  // /book/{slug}, /user links and a former username all land on the canonical /{username}/{slug}.
  // Team event types keep the address they were opened with (their team's pages own their links).
  const canonical =
    eventType.data && !eventType.data.team
      ? eventTypePath(eventType.data.user.username, eventType.data.slug)
      : null;
  useEffect(() => {
    if (canonical && canonical !== location.pathname) {
      navigate({ pathname: canonical, search: location.search }, { replace: true, state: location.state });
    }
  }, [canonical, location.pathname, location.search, location.state, navigate]);

  // The details step starts at its top (phones scroll far down the times); focus follows for screen readers.
  useEffect(() => {
    if (!inDetails) return;
    window.scrollTo({ top: 0 });
    stepRegion.current?.focus({ preventScroll: true });
  }, [inDetails]);

  if (eventType.isError) {
    const missing = eventType.error instanceof ApiError && eventType.error.status === 404;
    // A used or expired one-off link.
    if (eventType.error instanceof ApiError && eventType.error.status === 410) {
      return (
        <StatusCard
          icon={CalendarX}
          title={t("page.noLongerAvailable")}
          description={eventType.error.message}
          action={
            <Link to="/" className={buttonClasses({ variant: "outline" })}>
              {t("common.goHome")}
            </Link>
          }
        />
      );
    }
    return missing ? (
      <StatusCard
        icon={CalendarX}
        title={t("page.notFound")}
        description={t("page.notFoundText")}
        action={
          <Link to="/" className={buttonClasses({ variant: "outline" })}>
            {t("common.goHome")}
          </Link>
        }
      />
    ) : (
      <ErrorCard title={t("page.loadFailed")} query={eventType} />
    );
  }

  if (rescheduleUid && (original.isError || !rescheduleToken)) {
    return (
      <RescheduleUnavailable
        path={canonical ?? `/book/${encodeURIComponent(slug)}`}
        reason={t("reschedule.invalidLink")}
      />
    );
  }
  if (original.data && original.data.status !== "confirmed") {
    const reason =
      original.data.status === "cancelled" ? t("reschedule.wasCancelled") : t("confirmed.endedText");
    return <RescheduleUnavailable path={canonical ?? `/book/${encodeURIComponent(slug)}`} reason={reason} />;
  }

  const changeDate = (d: string) => {
    embedEvent("dateSelected", { date: d, zone });
    setDate(d);
    setSlot(null);
    setNotice(null);
    navigate(
      { search: withChoice({ date: d, month: monthOf(d) }) },
      { replace: true, state: location.state },
    );
  };
  const changeMonth = (m: string) => {
    setMonth(m);
    navigate({ search: withChoice({ month: m }) }, { replace: true, state: location.state });
  };
  const changeZone = (z: string) => {
    setZone(z);
    // Labels and even the day of a time change with the zone: choose the time again, and move to an
    // open day if the chosen one has nothing in the new zone.
    setSlot(null);
    setNotice(null);
    setAutoPick(true);
  };
  const openDetails = () => {
    if (!slot) return;
    booking.reset();
    navigate({ search: withChoice({ time: slot.iso, date, month }) }, { state: { pushedDetails: true } });
  };
  const backToTimes = () => {
    setSlot(null);
    booking.reset();
    if (!inDetails) return;
    // Back to the entry step 2 was pushed on; after a reload there is none: drop the time instead.
    if ((location.state as { pushedDetails?: boolean } | null)?.pushedDetails) navigate(-1);
    else navigate({ search: withChoice({ time: null }) }, { replace: true });
  };

  const et = eventType.data;
  const rescheduling = !!rescheduleUid;
  const end = slot && et ? addMinutes(slot.iso, et.duration) : null;
  const onConflict = (message: string) => {
    setSlot(null);
    setNotice(message);
    navigate({ search: withChoice({ time: null }) }, { replace: true, state: null });
  };

  return (
    <PublicFrame className="max-w-[1060px]">
      <PageCard>
        {rescheduling && <RescheduleBanner booking={original.data} zone={zone} />}
        <div className={embed?.hideDetails ? "grid" : "grid lg:grid-cols-[minmax(0,300px)_minmax(0,1fr)]"}>
          <div
            hidden={embed?.hideDetails}
            className="border-slate-200 border-b p-5 sm:p-8 lg:border-e lg:border-b-0"
          >
            {et ? (
              <EventInfo
                eventType={et}
                showProfileLink={!inDetails && !rescheduling}
                chosen={inDetails && slot && end ? { start: slot.iso, end, zone } : null}
              />
            ) : (
              <InfoSkeleton />
            )}
          </div>
          <div ref={stepRegion} tabIndex={-1} className="min-w-0 p-5 outline-none sm:p-8">
            {inDetails && slot && et && date ? (
              rescheduling && original.data && rescheduleToken ? (
                <RescheduleConfirm
                  booking={original.data}
                  start={slot.iso}
                  end={end ?? slot.iso}
                  zone={zone}
                  onBack={backToTimes}
                  submitting={booking.submitting}
                  alert={booking.alert}
                  onConfirm={(scope) =>
                    void booking.submit({
                      eventType: et,
                      slot,
                      zone,
                      date,
                      reschedule: { booking: original.data, token: rescheduleToken, scope },
                      onConflict,
                    })
                  }
                />
              ) : (
                <div className="max-w-lg">
                  {series.recurring && (
                    <Suspense fallback={null}>
                      <SeriesChoice
                        eventType={et}
                        start={slot.iso}
                        zone={zone}
                        occurrences={series.occurrences}
                        onOccurrencesChange={series.setOccurrences}
                        onChooseAnother={backToTimes}
                      />
                    </Suspense>
                  )}
                  <DetailsForm
                    eventType={et}
                    zone={zone}
                    values={values}
                    onValuesChange={setValues}
                    onBack={backToTimes}
                    submitting={booking.submitting}
                    isRequest={needsApproval(et.confirmation, new Date(slot.iso), new Date())}
                    alert={booking.alert}
                    serverErrors={booking.fieldErrors}
                    onSubmit={(v) =>
                      void booking.submit(
                        { eventType: et, slot, zone, date, onConflict, series: series.pick() },
                        v,
                      )
                    }
                  />
                </div>
              )
            ) : (
              <DateTimeStep
                // The availability endpoint takes the slug too, so times load alongside the event type.
                eventRef={ref}
                // English pages follow the host's profile; other languages their own clock (de, ja: 24h).
                hour24={
                  hour24 ??
                  (currentLocale() === "en" ? et?.user.timeFormat === "24h" : prefersHour24(currentLocale()))
                }
                onHour24Change={setHour24}
                weekStartsOn={et?.user.weekStart === "monday" ? 1 : 0}
                moving={moving}
                currentStart={original.data?.startTime}
                today={today}
                month={month}
                onMonthChange={changeMonth}
                date={date}
                onDateChange={changeDate}
                zone={zone}
                onZoneChange={changeZone}
                slot={slot}
                onSlotChange={(s) => {
                  if (s) embedEvent("timeSelected", { start: s.iso, zone });
                  setSlot(s);
                  setNotice(null);
                }}
                onNext={openDetails}
                notice={notice}
                autoPick={autoPick}
                onAutoPickDone={() => setAutoPick(false)}
              />
            )}
          </div>
        </div>
      </PageCard>
    </PublicFrame>
  );
}

function InfoSkeleton() {
  return (
    <div aria-hidden>
      <div className="flex items-center gap-3 lg:block">
        <Skeleton className="size-11 rounded-full lg:mb-3" />
        <div className="flex-1">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="mt-2 h-7 w-48" />
        </div>
      </div>
      <Skeleton className="mt-5 h-4 w-24" />
      <Skeleton className="mt-3 h-4 w-32" />
    </div>
  );
}

function RescheduleUnavailable({ path, reason }: { path: string; reason: string }) {
  return (
    <StatusCard
      icon={CalendarX}
      title={t("reschedule.cannot")}
      description={reason}
      action={
        <Link to={path} className={buttonClasses({ variant: "primary" })}>
          {t("common.bookNewTime")}
        </Link>
      }
    />
  );
}

/** ?month=, ?date= and ?time= as the page wrote them; anything malformed is ignored. */
function choiceInAddress(search: URLSearchParams): { month?: string; date?: string; time?: string } {
  const date = search.get("date") ?? "";
  const month = search.get("month") ?? "";
  const time = search.get("time") ?? "";
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
  return {
    month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : validDate ? monthOf(date) : undefined,
    date: validDate ? date : undefined,
    time: validDate && time && !Number.isNaN(Date.parse(time)) ? new Date(time).toISOString() : undefined,
  };
}
