import { CalendarDays, Clock, ExternalLink, Globe, Hash, MessageSquareText, User, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { BookingDto } from "../../../contract/bookings";
import { localizedEventText } from "../../../contract/event-type-translations";
import { ClampedText } from "../../components/ui/ClampedText";
import { cn } from "../../lib/cn";
import { currentLocale, t } from "../../lib/i18n";
import { LocationIcon } from "./LocationIcon";
import { usePhoneLib } from "./phoneLib";
import { formatDateLong, formatDuration, formatTimeRange, zoneLabel } from "./time";

const ONLINE = new Set(["zoom", "google_meet", "microsoft_teams", "webex", "goto_meeting"]);
/**
 * A booking's Meet link is created through the host's Google account, so it comes (later, by a job,
 * when Google was slow): the spec's promise holds. Any other video place without a link has nobody
 * to create one: the invitee learns who sends it instead of waiting for it.
 */

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="mt-0.5 shrink-0 text-slate-500">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 flex-1 wrap-anywhere text-slate-700">{children}</dd>
    </div>
  );
}

/** The booked meeting: when (in the invitee's zone), how long, where, who, and what they told the host. */
export function BookingSummary({ booking, className }: { booking: BookingDto; className?: string }) {
  const zone = booking.attendee.timezone;
  const minutes = Math.round((Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 60_000);
  const location = booking.location;
  const cancelled = booking.status === "cancelled";
  // "+1 415 555 0134": the phone rules' chunk loads only for a booking with a phone.
  const phoneLib = usePhoneLib(!!booking.attendee.phone);

  return (
    <section
      aria-label={t("summary.label")}
      className={cn("rounded-xl border border-slate-200 bg-white p-5 text-start sm:p-6", className)}
    >
      <div className="flex items-center gap-2.5">
        <span
          aria-hidden
          className="size-3 shrink-0 rounded-full"
          style={{ backgroundColor: booking.eventType.color }}
        />
        <h2 className="font-semibold text-lg text-slate-900 leading-6">
          {localizedEventText(booking.eventType, currentLocale()).title}
        </h2>
      </div>
      <p className="mt-1 ps-5.5 text-slate-500 text-sm" data-testid="booking-host">
        {t("summary.with", {
          names:
            "hosts" in booking && booking.hosts?.length
              ? booking.hosts.map((h) => h.name).join(", ")
              : booking.host.name,
        })}
      </p>

      <dl className="mt-5 grid gap-3.5 text-sm">
        <Row icon={<CalendarDays size={18} aria-hidden />} label={t("summary.dateTime")}>
          <span
            data-testid="confirmed-time"
            className={cn("font-semibold text-slate-900", cancelled && "line-through")}
          >
            {formatTimeRange(booking.startTime, booking.endTime, zone)}
          </span>
          <span className={cn("block text-slate-600", cancelled && "line-through")}>
            {formatDateLong(booking.startTime, zone)}
          </span>
        </Row>
        <Row icon={<Clock size={18} aria-hidden />} label={t("summary.duration")}>
          {formatDuration(minutes)}
        </Row>
        {location && (
          <Row icon={<LocationIcon type={location.type} />} label={t("summary.location")}>
            <span className="font-medium text-slate-900">
              {location.type === "ask_invitee" ? t("summary.location") : location.displayName}
            </span>
            {cancelled ? null : booking.meetingLink ? (
              <a
                href={booking.meetingLink}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-0.5 flex w-fit items-center gap-1 font-medium text-accent-strong hover:underline"
              >
                {t("summary.join")} <ExternalLink size={14} aria-hidden />
              </a>
            ) : ONLINE.has(location.type) ? (
              <span className="block text-slate-500">
                {t(location.type === "google_meet" ? "summary.meetLinkComing" : "summary.hostSendsLink")}
              </span>
            ) : (
              location.value && <span className="block text-slate-600">{location.value}</span>
            )}
          </Row>
        )}
        {booking.meetingIdFormatted && !cancelled && (
          <Row icon={<Hash size={18} aria-hidden />} label={t("summary.meetingId")}>
            {t("summary.meetingIdPrefix")}{" "}
            <span className="font-medium text-slate-900 tabular-nums">{booking.meetingIdFormatted}</span>
          </Row>
        )}
        <Row icon={<Globe size={18} aria-hidden />} label={t("zone.label")}>
          {zoneLabel(zone)}
        </Row>
        <Row icon={<User size={18} aria-hidden />} label={t("summary.attendee")}>
          <span className="font-medium text-slate-900">{booking.attendee.name}</span>
          <span className="block text-slate-600">{booking.attendee.email}</span>
          {booking.attendee.phone && (
            <span className="block text-slate-600 tabular-nums">
              {phoneLib ? phoneLib.formatPhone(booking.attendee.phone) : booking.attendee.phone}
            </span>
          )}
        </Row>
        {booking.guests.length > 0 && (
          <Row icon={<Users size={18} aria-hidden />} label={t("summary.guests")}>
            {booking.guests.join(", ")}
          </Row>
        )}
        {booking.otherAttendees?.length ? (
          <Row icon={<Users size={18} aria-hidden />} label={t("summary.otherAttendees")}>
            <span className="font-medium text-slate-900">{t("summary.alsoAttending")}</span>
            <span className="block text-slate-600" data-testid="other-attendees">
              {booking.otherAttendees.join(", ")}
            </span>
          </Row>
        ) : null}
        {(booking.message || booking.answers.length > 0) && (
          <Row icon={<MessageSquareText size={18} aria-hidden />} label={t("summary.additional")}>
            <div className="grid gap-2">
              {booking.message && (
                <div>
                  <p className="font-medium text-slate-900">{t("summary.notes")}</p>
                  <ClampedText className="text-slate-600">{booking.message}</ClampedText>
                </div>
              )}
              {booking.answers.map((a) => (
                <div key={a.question}>
                  <p className="font-medium text-slate-900">{a.question}</p>
                  <ClampedText className="text-slate-600">{a.answer}</ClampedText>
                </div>
              ))}
            </div>
          </Row>
        )}
      </dl>
    </section>
  );
}
