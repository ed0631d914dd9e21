import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarX, Check, Hourglass, RefreshCw, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { BookingDto } from "../../../contract/bookings";
import { eventTypePath } from "../../../contract/usernames";
import { Button, buttonClasses } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Skeleton";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { t, type WebMessageId } from "../../lib/i18n";
import { AddToCalendarMenu } from "./AddToCalendarMenu";
import { BookingSummary } from "./BookingSummary";
import {
  bookingKeys,
  type ConfirmedState,
  confirmationPath,
  fetchPublicBooking,
  reschedulePath,
} from "./bookingApi";
import { CancelBookingDialog } from "./CancelBookingDialog";
import { ErrorCard, PublicFrame, StatusCard } from "./PublicFrame";
import { SeriesDates } from "./SeriesDates";

/**
 * /booking-confirmed?uid=…&token=…[&action=cancel]. Navigation state gives an instant first paint
 * after booking; the uid and token in the URL make reloads and the e-mail links work.
 *
 * The state is only a placeholder: the browser keeps it across reloads and Back, long after the booking
 * may have been cancelled or moved, so the page always asks the server and the server's answer wins.
 */
export default function BookingConfirmedPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = location.state as ConfirmedState | null;
  const uid = search.get("uid") ?? state?.booking.uid ?? "";
  const token = search.get("token") ?? state?.token ?? "";
  const fromState = state?.booking.uid === uid ? state.booking : undefined;

  const booking = useQuery({
    queryKey: bookingKeys.booking(uid),
    queryFn: () => fetchPublicBooking(uid, token),
    enabled: !!uid && !!token,
    placeholderData: fromState,
    staleTime: 0,
    refetchOnMount: "always",
  });
  const [cancelOpen, setCancelOpen] = useState(false);

  const data = booking.data;
  // Until the server has answered, the state may be stale: offer no action it could contradict.
  const fresh = !!booking.data && !booking.isPlaceholderData;
  const cancellable =
    fresh && (data?.status === "confirmed" || data?.status === "pending") && !data.cancelledAt && !!token;

  // Once the server has answered, drop the state from this history entry: a reload or Back then starts
  // from the URL (a skeleton, then the server's answer) instead of painting an old "You're scheduled!".
  useEffect(() => {
    if (fresh && state) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [fresh, state, navigate, location.pathname, location.search]);

  // The e-mail's cancel link lands here with ?action=cancel.
  const wantsCancel = search.get("action") === "cancel";
  useEffect(() => {
    if (wantsCancel && cancellable) setCancelOpen(true);
  }, [wantsCancel, cancellable]);

  useEffect(() => {
    const title = data?.status ? TITLES[data.status] : undefined;
    document.title = t(title ?? "confirmed.scheduled");
  }, [data?.status]);

  if (!data) {
    if (uid && token && booking.isPending) return <ConfirmationSkeleton />;
    if (booking.isError && !(booking.error instanceof ApiError && booking.error.status < 500)) {
      return <ErrorCard title={t("confirmed.loadFailed")} query={booking} />;
    }
    return (
      <StatusCard
        icon={CalendarX}
        title={t("confirmed.notFound")}
        description={t("confirmed.notFoundText")}
        action={
          <Link to="/" className={buttonClasses({ variant: "primary" })}>
            {t("common.goHome")}
          </Link>
        }
      />
    );
  }

  const onCancelled = (cancelled: BookingDto) => {
    queryClient.setQueryData(bookingKeys.booking(cancelled.uid), cancelled);
    // Drop ?action=cancel so a reload does not offer to cancel again.
    if (wantsCancel) navigate(confirmationPath(cancelled.uid, token), { replace: true, state: null });
  };

  const status = data.status;
  const slug = data.eventType.slug;
  return (
    <PublicFrame className="max-w-xl px-4 sm:px-6">
      <div className="pt-8 text-center sm:pt-0">
        <Headline status={status} delivery={data.delivery} />
      </div>
      <BookingSummary booking={data} className="mt-8" />
      <SeriesDates booking={data} token={token} />

      {status === "confirmed" && (
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <AddToCalendarMenu booking={data} token={token || undefined} />
          {cancellable && data.eventType._id && (
            <Link
              to={reschedulePath(data.host.username, slug, data.uid, token)}
              className={buttonClasses({ variant: "outline" })}
            >
              <RefreshCw size={16} aria-hidden /> {t("confirmed.reschedule")}
            </Link>
          )}
          {cancellable && (
            <Button
              variant="outline"
              onClick={() => setCancelOpen(true)}
              className="hover:border-red-300 hover:text-red-700"
            >
              <X size={16} aria-hidden /> {t("confirmed.cancel")}
            </Button>
          )}
        </div>
      )}
      {status === "pending" && cancellable && (
        <div className="mt-5 flex justify-center">
          <Button
            variant="outline"
            onClick={() => setCancelOpen(true)}
            className="hover:border-red-300 hover:text-red-700"
          >
            <X size={16} aria-hidden /> {t("confirmed.cancelRequest")}
          </Button>
        </div>
      )}
      {(status === "cancelled" || status === "declined" || status === "expired") && data.eventType._id && (
        <div className="mt-5 flex justify-center">
          <Link
            to={eventTypePath(data.host.username, slug)}
            className={buttonClasses({ variant: "primary" })}
          >
            {t("common.bookNewTime")}
          </Link>
        </div>
      )}

      {cancellable && (
        <CancelBookingDialog
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          booking={data}
          token={token}
          zone={data.attendee.timezone}
          onCancelled={onCancelled}
        />
      )}
    </PublicFrame>
  );
}

/**
 * `delivery` (the server's word on this booking) keeps the promises true: the invitation is said to be
 * mailed only where mail is set up, and a cancelled meeting removed from the host's calendar only
 * where it was on one.
 */
function Headline({ status, delivery }: { status: BookingDto["status"]; delivery: BookingDto["delivery"] }) {
  if (status === "pending" || status === "declined" || status === "expired")
    return <RequestHeadline status={status} delivery={delivery} />;
  const cancelled = status === "cancelled";
  const ended = status === "completed" || status === "no_show";
  const Icon = cancelled ? X : Check;
  return (
    <div aria-live="polite">
      <span
        className={cn(
          "mx-auto flex size-16 items-center justify-center rounded-full",
          cancelled
            ? "bg-red-100 text-red-600"
            : ended
              ? "bg-slate-100 text-slate-500"
              : "bg-emerald-100 text-emerald-600",
        )}
      >
        <Icon size={34} strokeWidth={2.5} aria-hidden />
      </span>
      <h1 className="mt-5 font-semibold text-[28px] text-slate-900 leading-9 tracking-tight">
        {t(cancelled ? "confirmed.cancelled" : ended ? "confirmed.ended" : "confirmed.scheduled")}
      </h1>
      <p className="mx-auto mt-2 max-w-sm text-slate-500 text-sm">
        {t(
          cancelled
            ? delivery?.onHostCalendar
              ? "confirmed.cancelledRemoved"
              : "confirmed.cancelledText"
            : ended
              ? "confirmed.endedText"
              : (delivery?.invitationMailed ?? true)
                ? "confirmed.invitationSent"
                : "confirmed.invitationReady",
        )}
      </p>
    </div>
  );
}

const TITLES: Partial<Record<BookingDto["status"], WebMessageId>> = {
  cancelled: "confirmed.cancelled",
  pending: "request.pending",
  declined: "request.declined",
  expired: "request.expired",
};

/** A request (issue 28): awaiting the host, or declined, or expired unanswered. */
function RequestHeadline({
  status,
  delivery,
}: {
  status: "pending" | "declined" | "expired";
  delivery: BookingDto["delivery"];
}) {
  const mailed = delivery?.invitationMailed ?? true;
  const text = t(
    (
      {
        pending: mailed ? "request.pendingMailed" : "request.pendingText",
        declined: "request.declinedText",
        expired: "request.expiredText",
      } as const
    )[status],
  );
  return (
    <div aria-live="polite">
      <span
        className={cn(
          "mx-auto flex size-16 items-center justify-center rounded-full",
          status === "pending" ? "bg-amber-100 text-amber-600" : "bg-slate-100 text-slate-500",
        )}
      >
        {status === "pending" ? (
          <Hourglass size={30} strokeWidth={2.5} aria-hidden />
        ) : (
          <X size={34} strokeWidth={2.5} aria-hidden />
        )}
      </span>
      <h1 className="mt-5 font-semibold text-[28px] text-slate-900 leading-9 tracking-tight">
        {t(TITLES[status] ?? "request.pending")}
      </h1>
      <p className="mx-auto mt-2 max-w-sm text-slate-500 text-sm">{text}</p>
    </div>
  );
}

function ConfirmationSkeleton() {
  return (
    <PublicFrame className="max-w-xl px-4 sm:px-6">
      <div
        className="flex flex-col items-center pt-8 sm:pt-0"
        role="status"
        aria-label={t("confirmed.loading")}
      >
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="mt-5 h-8 w-56" />
        <Skeleton className="mt-3 h-4 w-72" />
      </div>
      <Skeleton className="mt-8 h-80 w-full rounded-xl" />
    </PublicFrame>
  );
}
