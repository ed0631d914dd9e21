import { ArrowLeft, CalendarDays, Clock, Globe } from "lucide-react";
import { Link } from "react-router";
import { localizedEventText } from "../../../contract/event-type-translations";
import type { EventTypeDto } from "../../../contract/event-types";
import { profilePath } from "../../../contract/usernames";
import { Avatar } from "../../components/ui/Avatar";
import { cn } from "../../lib/cn";
import { currentLocale, intlLocale, t } from "../../lib/i18n";
import { LocationIcon, showsLocationValue } from "./LocationIcon";
import { formatDuration, formatSlotInWords, zoneLabel } from "./time";

export interface EventInfoProps {
  eventType: EventTypeDto;
  /** On the details step: the chosen time, shown in words in the invitee's zone. */
  chosen?: { start: string; end: string; zone: string } | null;
  /** Link back to the host's public page (step 1 only). */
  showProfileLink?: boolean;
  className?: string;
}

/** The event's summary column: host, title, duration, where, and (once chosen) when. */
export function EventInfo({ eventType, chosen, showProfileLink, className }: EventInfoProps) {
  const host = eventType.user;
  // The host's own words in the page's language, where they wrote a translation (issue 27).
  const text = localizedEventText(eventType, currentLocale());
  return (
    <div className={cn("relative", className)}>
      {showProfileLink && (
        <Link
          to={profilePath(host.username)}
          aria-label={t("event.allOf", { name: host.name })}
          className="absolute start-0 top-0 hidden size-9 items-center justify-center rounded-full border border-slate-200 text-accent-strong transition-colors hover:bg-accent-soft lg:flex"
        >
          <ArrowLeft size={18} aria-hidden className="rtl:-scale-x-100" />
        </Link>
      )}
      <div
        className={cn(
          "flex items-center gap-3 lg:flex-col lg:items-start lg:gap-0",
          showProfileLink && "lg:pt-12",
        )}
      >
        <Avatar
          name={eventType.team?.name ?? host.name}
          src={(eventType.team ? eventType.team.logo : host.avatar) ?? undefined}
          size={44}
          className="lg:mb-3"
        />
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-500 text-sm">{eventType.team?.name ?? host.name}</p>
          <h1 className="font-semibold text-[20px] text-slate-900 leading-7 lg:mt-1 lg:text-2xl lg:leading-8">
            {text.title}
          </h1>
        </div>
      </div>

      {eventType.hosts.length > 0 && (
        <p className="mt-3 text-slate-600 text-sm">
          {t(eventType.type === "collective" ? "event.with" : "event.withOneOf", {
            names: new Intl.ListFormat(intlLocale(), { style: "short", type: "unit" }).format(
              eventType.hosts.map((h) => h.name),
            ),
          })}
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-3 font-medium text-slate-600 text-sm lg:mt-5">
        <li className="flex items-center gap-2.5">
          <Clock size={18} aria-hidden className="shrink-0 text-slate-500" />
          <span>{formatDuration(eventType.duration)}</span>
        </li>
        {eventType.locations.map((l) => (
          <li key={`${l.type}|${l.value}|${l.displayName}`} className="flex items-start gap-2.5">
            <LocationIcon type={l.type} className="mt-px shrink-0 text-slate-500" />
            <span className="min-w-0">
              {l.type === "ask_invitee" ? t("event.youChooseLocation") : l.displayName}
              {showsLocationValue(l) && (
                <span className="block wrap-anywhere font-normal text-slate-500">{l.value}</span>
              )}
            </span>
          </li>
        ))}
        {chosen && (
          <>
            <li className="flex items-start gap-2.5 text-slate-900">
              <CalendarDays size={18} aria-hidden className="mt-px shrink-0 text-slate-500" />
              <span data-testid="chosen-time">
                {formatSlotInWords(chosen.start, chosen.end, chosen.zone)}
              </span>
            </li>
            <li className="flex items-start gap-2.5">
              <Globe size={18} aria-hidden className="mt-px shrink-0 text-slate-500" />
              <span>{zoneLabel(chosen.zone)}</span>
            </li>
          </>
        )}
      </ul>

      {text.description && (
        <p className="mt-5 whitespace-pre-line wrap-anywhere text-slate-600 text-sm leading-6">
          {text.description}
        </p>
      )}
    </div>
  );
}
