import {
  Ban,
  CalendarClock,
  Check,
  ExternalLink,
  Mail,
  MoreHorizontal,
  Phone,
  UserRoundCheck,
  UserRoundX,
  Users,
  Video,
  X,
} from "lucide-react";
import type { BookingDto } from "../../../contract/bookings";
import type { ListedBooking, MeetingSeat } from "../../../contract/seats";
import { formatPhone } from "../../../domain/phone-format";
import { Badge, Button, ClampedText, Menu, MenuItem, MenuSeparator, Skeleton } from "../../components/ui";
import { buttonClasses } from "../../components/ui/Button";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { LocationIcon } from "../bookings/LocationIcon";
import { formatDuration } from "../bookings/time";
import { CalendarSyncBadge, type CalendarSyncState } from "../calendars/CalendarSyncBadge";
import { clockTime, dayHeading, timeRange } from "./format";
import { SeatAttendees, seatsLabel } from "./SeatAttendees";
import { STATUS_BADGE } from "./status";

export interface MeetingActions {
  onReschedule: (b: BookingDto) => void;
  /** A group meeting (`seats`): cancels every seat. */
  onCancel: (b: ListedBooking) => void;
  /** One attendee's seat of a group meeting. */
  onCancelSeat: (b: ListedBooking, seat: MeetingSeat) => void;
  onNoShow: (b: BookingDto, noShow: boolean) => void;
  /** A pending request (issue 28): confirm at once, or decline (asks an optional reason). */
  onConfirm: (b: BookingDto) => void;
  onDecline: (b: BookingDto) => void;
  /** The request being confirmed right now, if any. */
  confirmingId?: string | null;
}

/** What the menu may offer for a booking right now (the server enforces the same rules). */
export function meetingAbilities(b: ListedBooking, now: number) {
  const started = Date.parse(b.startTime) <= now;
  const ended = Date.parse(b.endTime) <= now;
  const cancelled = b.status === "cancelled" || !!b.cancelledAt;
  const pending = b.status === "pending";
  // A co-host joins; the meeting's main host moves, cancels and marks it.
  const owner = !b.coHosting;
  // A group meeting is its seats: moving or marking one row would touch one attendee's seat only.
  const single = !b.seats;
  return {
    join: !cancelled && !pending && !ended && !!b.meetingLink,
    // A request is answered first: confirmed or declined, never moved while pending.
    answer: owner && pending && !started,
    // The server moves only meetings that have not started, and only while the event type exists.
    edit: owner && single && !cancelled && !pending && !started && !!b.eventType._id,
    // Like a move, a cancellation is refused once the meeting has started.
    cancel: owner && !cancelled && !started,
    markNoShow: owner && single && started && (b.status === "confirmed" || b.status === "completed"),
    unmarkNoShow: owner && single && b.status === "no_show",
  };
}

/** 'Join Zoom', 'Join Google Meet', else 'Join Meeting'. */
export function joinLabel(b: BookingDto): string {
  const name = b.location?.displayName?.trim();
  return name && b.location?.type !== "custom" ? t("meetings.join", { name }) : t("meetings.joinMeeting");
}

function locationText(b: BookingDto): string | null {
  const l = b.location;
  if (!l) return null;
  // An address or a phone number says more than the type's name; links stay behind the Join button.
  if (
    (l.type === "in_person" || l.type === "phone" || l.type === "custom" || l.type === "ask_invitee") &&
    l.value
  )
    return l.value;
  return l.displayName || null;
}

/** One booking in the list: time, event type, attendee, place, answers and the actions menu. */
export function MeetingItem({
  booking: b,
  zone,
  now,
  actions,
  calendarSync,
}: {
  booking: ListedBooking;
  zone: string;
  now: number;
  actions: MeetingActions;
  /** The state of the booking's event in the host's connected calendar, when one is written. */
  calendarSync?: CalendarSyncState;
}) {
  const can = meetingAbilities(b, now);
  const badge = STATUS_BADGE[b.status];
  const cancelled = b.status === "cancelled" || b.status === "declined" || b.status === "expired";
  const where = locationText(b);
  const info = [
    ...b.answers.filter((a) => a.answer.trim()),
    ...(b.message.trim() ? [{ question: t("meetings.notes"), answer: b.message }] : []),
  ];
  const title = b.eventType.title || b.eventType.name;
  const live = !cancelled && Date.parse(b.startTime) <= now && Date.parse(b.endTime) > now;
  const who = meetingWho(b);

  return (
    <article
      aria-label={t("meetings.itemLabel", { title, who })}
      className="relative grid gap-x-6 px-4 py-4 sm:grid-cols-[9.5rem_minmax(0,1fr)_auto] sm:px-5"
    >
      <div className="flex items-baseline gap-2 pe-10 sm:block sm:pe-0">
        <p
          className={cn(
            "tabular whitespace-nowrap font-medium text-slate-900 text-sm",
            cancelled && "text-slate-500 line-through",
          )}
        >
          {timeRange(b, zone)}
        </p>
        <p className="text-slate-500 text-xs sm:mt-1">
          {formatDuration(Math.round((Date.parse(b.endTime) - Date.parse(b.startTime)) / 60_000))}
        </p>
      </div>

      <div className="min-w-0 max-sm:mt-2">
        <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
          <span
            aria-hidden
            className="size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: b.eventType.color }}
          />
          <h3 className={cn("font-semibold text-slate-900", cancelled && "text-slate-500")}>{title}</h3>
          <Badge tone={badge.tone} dot data-testid="booking-status">
            {t(badge.label)}
          </Badge>
          {live && (
            <Badge tone="blue" dot>
              {t("meetings.inProgress")}
            </Badge>
          )}
          {b.rescheduleCount > 0 && !cancelled && (
            <span className="text-slate-500 text-xs">{t("meetings.rescheduled")}</span>
          )}
          {b.coHosting && (
            <span className="text-slate-500 text-xs">{t("meetings.coHost", { name: b.host.name })}</span>
          )}
          {b.series && (
            <span className="text-slate-500 text-xs">
              {t("meetings.occurrence", { n: b.series.index + 1, count: b.series.count })}
            </span>
          )}
          <CalendarSyncBadge sync={calendarSync} />
        </div>

        {b.seats ? (
          <SeatAttendees
            seats={b.seats}
            canCancel={can.cancel}
            onCancelSeat={(seat) => actions.onCancelSeat(b, seat)}
          />
        ) : (
          <p className="mt-1.5 font-medium text-slate-800 text-sm">{b.attendee.name}</p>
        )}
        <ul className="mt-0.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-500 text-sm">
          {!b.seats && (
            <li className="inline-flex min-w-0 items-center gap-1.5">
              <Mail size={14} aria-hidden className="shrink-0 text-slate-500" />
              <a
                href={`mailto:${b.attendee.email}`}
                className="truncate hover:text-slate-800 hover:underline"
              >
                {b.attendee.email}
              </a>
            </li>
          )}
          {!b.seats && b.attendee.phone && (
            <li className="inline-flex items-center gap-1.5">
              <Phone size={14} aria-hidden className="shrink-0 text-slate-500" />
              <a href={`tel:${b.attendee.phone}`} className="tabular hover:text-slate-800 hover:underline">
                {formatPhone(b.attendee.phone)}
              </a>
            </li>
          )}
          {where && b.location && (
            <li className="inline-flex min-w-0 items-center gap-1.5">
              <LocationIcon type={b.location.type} size={14} className="shrink-0 text-slate-500" />
              <span className="truncate">{where}</span>
            </li>
          )}
          {b.guests.length > 0 && (
            <li className="inline-flex min-w-0 items-center gap-1.5" title={b.guests.join(", ")}>
              <Users size={14} aria-hidden className="shrink-0 text-slate-500" />
              <span className="truncate">
                {b.guests.length === 1
                  ? b.guests[0]
                  : t("meetings.guests", { first: b.guests[0], count: b.guests.length - 1 })}
              </span>
            </li>
          )}
        </ul>

        {b.status === "pending" && b.requestExpiresAt && (
          <p className="mt-2 text-slate-600 text-sm">
            {t("meetings.awaiting", {
              day: dayHeading(b.requestExpiresAt, zone, new Date(now), true),
              time: clockTime(b.requestExpiresAt, zone),
            })}
          </p>
        )}
        {b.status === "declined" && b.cancelReason && (
          <p className="mt-2 text-red-700/90 text-sm">
            {t("meetings.declinedReason", { reason: b.cancelReason })}
          </p>
        )}
        {b.status === "cancelled" && b.cancelReason && (
          <p className="mt-2 text-red-700/90 text-sm">
            {t(
              b.cancelledBy === "host"
                ? "meetings.cancelledByYou"
                : b.cancelledBy
                  ? "meetings.cancelledByInvitee"
                  : "meetings.cancelledReason",
              { reason: b.cancelReason },
            )}
          </p>
        )}

        {info.length > 0 && (
          <div className="mt-3 rounded-lg bg-slate-50 px-3.5 py-2.5 ring-1 ring-slate-200/70 ring-inset">
            <p className="font-medium text-slate-500 text-xs uppercase tracking-wide">
              {t("meetings.additionalInfo")}
            </p>
            <dl className="mt-1.5 grid gap-2 text-sm">
              {info.map((a) => (
                <div key={a.question}>
                  <dt className="text-slate-500 text-xs">{a.question}</dt>
                  <dd className="text-slate-800">
                    <ClampedText lines={3}>{a.answer}</ClampedText>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        )}
        {b.guests.length > 1 && (
          <p className="mt-2 text-slate-500 text-xs">
            <span className="font-medium text-slate-600">{t("meetings.guestsLabel")}</span>{" "}
            {b.guests.join(", ")}
          </p>
        )}
        {b.attribution && <AttributionLine attribution={b.attribution} />}
      </div>

      <div className="flex items-start gap-2 sm:justify-end">
        {can.answer && (
          <div className="flex gap-2 max-sm:mt-3 max-sm:flex-1">
            <Button
              size="sm"
              onClick={() => actions.onConfirm(b)}
              loading={actions.confirmingId === b._id}
              aria-label={t("meetings.confirmLabel", { title, name: b.attendee.name })}
            >
              <Check size={14} aria-hidden />
              {t("meetings.confirm")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.onDecline(b)}
              aria-label={t("meetings.declineLabel", { title, name: b.attendee.name })}
            >
              <X size={14} aria-hidden />
              {t("meetings.decline")}
            </Button>
          </div>
        )}
        {can.join && b.meetingLink && (
          <a
            href={b.meetingLink}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(buttonClasses({ variant: "outline", size: "sm" }), "max-sm:mt-3 max-sm:flex-1")}
          >
            <Video size={14} aria-hidden />
            {joinLabel(b)}
          </a>
        )}
        {/* On a phone the menu sits in the row's top corner, beside the time. */}
        <div className="max-sm:absolute max-sm:end-3 max-sm:top-3">
          <MeetingMenu booking={b} can={can} actions={actions} title={title} who={who} />
        </div>
      </div>
    </article>
  );
}

function MeetingMenu({
  booking: b,
  can,
  actions,
  title,
  who,
}: {
  booking: ListedBooking;
  can: ReturnType<typeof meetingAbilities>;
  actions: MeetingActions;
  title: string;
  who: string;
}) {
  const any = can.edit || can.join || can.cancel || can.markNoShow || can.unmarkNoShow;
  if (!any) return <span className="hidden size-8 sm:block" aria-hidden />;
  return (
    <Menu
      trigger={
        <button
          type="button"
          aria-label={t("meetings.actionsFor", { title, who })}
          className="flex size-8 shrink-0 items-center justify-center rounded-md border border-slate-200 text-slate-500 hover:bg-slate-50 hover:text-slate-900 data-[state=open]:bg-slate-100"
        >
          <MoreHorizontal size={16} aria-hidden />
        </button>
      }
    >
      {can.edit && (
        <MenuItem icon={CalendarClock} onSelect={() => actions.onReschedule(b)}>
          {t("meetings.reschedule")}
        </MenuItem>
      )}
      {can.join && b.meetingLink && (
        <MenuItem
          icon={ExternalLink}
          onSelect={() => window.open(b.meetingLink ?? "", "_blank", "noopener,noreferrer")}
        >
          {joinLabel(b)}
        </MenuItem>
      )}
      {can.markNoShow && (
        <MenuItem icon={UserRoundX} onSelect={() => actions.onNoShow(b, true)}>
          {t("meetings.markNoShow")}
        </MenuItem>
      )}
      {can.unmarkNoShow && (
        <MenuItem icon={UserRoundCheck} onSelect={() => actions.onNoShow(b, false)}>
          {t("meetings.unmarkNoShow")}
        </MenuItem>
      )}
      {can.cancel && (
        <>
          {(can.edit || can.join || can.markNoShow) && <MenuSeparator />}
          <MenuItem icon={Ban} danger onSelect={() => actions.onCancel(b)}>
            {b.seats ? t("meetings.cancelMeeting") : t("meetings.cancel")}
          </MenuItem>
        </>
      )}
    </Menu>
  );
}

/** Who the meeting is with: the invitee, or a group meeting's seats ("3 of 10 seats"). */
const meetingWho = (b: ListedBooking) => (b.seats ? seatsLabel(b.seats) : b.attendee.name);

/** Placeholder rows with the item's shape while a page loads. */
export function MeetingItemSkeleton() {
  return (
    <div className="grid gap-x-6 gap-y-3 px-4 py-4 sm:grid-cols-[9.5rem_minmax(0,1fr)_auto] sm:px-5">
      <div>
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-2 h-3 w-12" />
      </div>
      <div>
        <div className="flex items-center gap-2">
          <Skeleton className="size-2.5 rounded-full" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
        <Skeleton className="mt-2.5 h-4 w-32" />
        <Skeleton className="mt-2 h-4 w-64 max-w-full" />
      </div>
      <Skeleton className="hidden size-8 sm:block" />
    </div>
  );
}

/** Where the booking came from (issue 25): the embedding page's UTM parameters and metadata. */
function AttributionLine({ attribution }: { attribution: NonNullable<BookingDto["attribution"]> }) {
  const parts = [
    ...Object.entries(attribution.utm).map(([k, v]) => `${k.replace("utm_", "")}: ${v}`),
    ...Object.entries(attribution.metadata).map(([k, v]) => `${k}: ${v}`),
  ];
  return (
    <p className="mt-2 text-slate-500 text-xs" data-testid="booking-attribution">
      <span className="font-medium text-slate-600">{t("meetings.source")}</span> {parts.join(" · ")}
    </p>
  );
}
