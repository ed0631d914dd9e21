import {
  Clock,
  Copy,
  CopyPlus,
  ExternalLink,
  Eye,
  type LucideIcon,
  MapPin,
  MoreHorizontal,
  Pencil,
  Share2,
  Trash2,
} from "lucide-react";
import type { EventTypeDto } from "../../../contract/event-types";
import { Badge, Button, Card, Menu, MenuItem, MenuSeparator, Skeleton, Switch } from "../../components/ui";
import { copyText } from "../../lib/clipboard";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";
import { KIND_LABEL } from "./kindLabels";
import { bookingUrl, firstLocationName, formatDuration, openBookingPage } from "./links";
import { IncompleteBadge } from "./MissingParts";
import { NoBookableTimes } from "./NoBookableTimes";

export interface EventTypeCardActions {
  onEdit: (et: EventTypeDto) => void;
  onShare: (et: EventTypeDto) => void;
  onDelete: (et: EventTypeDto) => void;
  onDuplicate: (et: EventTypeDto) => void;
  onToggleActive: (et: EventTypeDto, isActive: boolean) => void;
}

/** One event type: colour edge, facts, status, the quick links and the overflow menu. */
export function EventTypeCard({
  eventType: et,
  actions,
  compact = false,
}: {
  eventType: EventTypeDto;
  actions: EventTypeCardActions;
  /** Dashboard variant: tighter, with Share in the footer instead of View booking page. */
  compact?: boolean;
}) {
  const switchId = `active-${et._id}`;
  return (
    <Card
      className={cn(
        "group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md hover:shadow-slate-900/5",
        !et.isActive && "bg-slate-50/60",
      )}
    >
      <span aria-hidden className="absolute inset-y-0 start-0 w-1" style={{ backgroundColor: et.color }} />
      <div className={cn("flex flex-1 flex-col", compact ? "p-4 ps-6" : "p-5 ps-6")}>
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-semibold text-base text-slate-900">
              <button
                type="button"
                onClick={() => actions.onEdit(et)}
                className="max-w-full truncate text-start hover:underline focus-visible:underline"
                title={et.title}
              >
                {et.title}
              </button>
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-500 text-sm">
              <span className="inline-flex items-center gap-1">
                <Clock size={14} aria-hidden />
                <span className="tabular">{formatDuration(et.duration)}</span>
              </span>
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin size={14} aria-hidden />
                <span className="truncate">{firstLocationName(et)}</span>
              </span>
            </p>
          </div>
          <Switch
            id={switchId}
            checked={et.isActive}
            onCheckedChange={(v) => actions.onToggleActive(et, v)}
            aria-label={t(et.isActive ? "eventTypes.card.toggleOff" : "eventTypes.card.toggleOn", {
              title: et.title,
            })}
            className="mt-0.5"
          />
          <CardMenu et={et} actions={actions} />
        </div>
        {!compact || et.description ? (
          <p
            className={cn(
              "mt-3 line-clamp-2 min-h-10 text-sm leading-5",
              et.description ? "text-slate-600" : "text-slate-500 italic",
            )}
          >
            {et.description || t("eventTypes.card.noDescription")}
          </p>
        ) : null}
        <div className="mt-3 empty:hidden">
          <NoBookableTimes et={et} compact />
        </div>
        <div className="mt-auto flex items-center gap-2 pt-3">
          <Badge tone={et.isActive ? "green" : "grey"} dot>
            {et.isActive ? t("eventTypes.active") : t("eventTypes.inactive")}
          </Badge>
          <IncompleteBadge missing={et.missing} />
          <span className="text-slate-500 text-xs">{t(KIND_LABEL[et.type])}</span>
        </div>
        <KindDetails et={et} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-slate-100 border-t py-2.5 ps-5 pe-3">
        <a
          href={publicPath(et)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-1.5 py-1 font-medium text-accent-strong text-sm hover:bg-accent-soft"
        >
          <ExternalLink size={14} aria-hidden />
          {t("eventTypes.card.viewPage")}
        </a>
        {compact ? (
          // Dashboard cards are narrow: icon buttons, named for screen readers and on hover.
          <div className="flex items-center gap-0.5">
            <IconAction
              label={t("eventTypes.copyLink")}
              icon={Copy}
              onClick={() => void copyText(bookingUrl(et))}
            />
            <IconAction label={t("eventTypes.share")} icon={Share2} onClick={() => actions.onShare(et)} />
          </div>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void copyText(bookingUrl(et))}
            aria-label={t("eventTypes.card.copyLinkTo", { title: et.title })}
          >
            <Copy size={14} aria-hidden />
            {t("eventTypes.copyLink")}
          </Button>
        )}
      </div>
    </Card>
  );
}

function CardMenu({ et, actions }: { et: EventTypeDto; actions: EventTypeCardActions }) {
  return (
    <Menu
      trigger={
        <button
          type="button"
          aria-label={t("eventTypes.card.actionsFor", { title: et.title })}
          className="-mt-1 -me-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <MoreHorizontal size={18} aria-hidden />
        </button>
      }
    >
      <MenuItem icon={Pencil} onSelect={() => actions.onEdit(et)}>
        {t("eventTypes.card.edit")}
      </MenuItem>
      <MenuItem icon={Eye} onSelect={() => openBookingPage(et)}>
        {t("eventTypes.card.preview")}
      </MenuItem>
      <MenuItem icon={Share2} onSelect={() => actions.onShare(et)}>
        {t("eventTypes.share")}
      </MenuItem>
      <MenuItem icon={Copy} onSelect={() => void copyText(bookingUrl(et))}>
        {t("eventTypes.copyLink")}
      </MenuItem>
      <MenuItem icon={CopyPlus} onSelect={() => actions.onDuplicate(et)}>
        {t("eventTypes.card.duplicate")}
      </MenuItem>
      <MenuSeparator />
      <MenuItem icon={Trash2} danger onSelect={() => actions.onDelete(et)}>
        {t("eventTypes.delete.submit")}
      </MenuItem>
    </Menu>
  );
}

/** Placeholder with the card's shape while the list loads. */
export function EventTypeCardSkeleton() {
  return (
    <Card className="relative overflow-hidden">
      <span aria-hidden className="absolute inset-y-0 start-0 w-1 bg-slate-200" />
      <div className="p-5 ps-6">
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="mt-2 h-4 w-1/2" />
          </div>
          <Skeleton className="h-6 w-10 rounded-full" />
        </div>
        <Skeleton className="mt-4 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-4/5" />
        <Skeleton className="mt-4 h-5 w-16 rounded-full" />
      </div>
      <div className="flex justify-between border-slate-100 border-t px-5 py-3">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-4 w-20" />
      </div>
    </Card>
  );
}

function IconAction({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
    >
      <Icon size={16} aria-hidden />
    </button>
  );
}

/** What each kind needs at a glance: team hosts, one-off state, poll times. */
function KindDetails({ et }: { et: EventTypeDto }) {
  const count = et.fixedTimes.length;
  const expires = et.expiresAt
    ? t("eventTypes.card.expires", { date: new Date(et.expiresAt).toLocaleDateString(intlLocale()) })
    : null;
  const text =
    et.type === "round-robin" || et.type === "collective"
      ? et.hosts.length > 0
        ? `${et.team?.name ?? t("eventTypes.card.team")}: ${et.hosts.map((h) => h.name).join(", ")}`
        : t("eventTypes.card.noHosts")
      : et.type === "one-off"
        ? et.closedAt
          ? t("eventTypes.card.oneOffBooked")
          : [
              count > 0 ? t("eventTypes.card.chosenTimes", { count }) : t("eventTypes.card.yourAvailability"),
              expires,
              t("eventTypes.card.privateLink"),
            ]
              .filter(Boolean)
              .join(" · ")
        : et.type === "poll"
          ? et.closedAt
            ? t("eventTypes.card.pollBooked")
            : count === 0
              ? t("eventTypes.card.noPollTimes")
              : `${t("eventTypes.card.proposedTimes", { count })} · ${t("eventTypes.card.privatePollLink")}`
          : null;
  if (!text) return null;
  return (
    <p className="mt-1.5 text-slate-500 text-xs">
      {text}
      {et.type === "poll" && (
        <>
          {" · "}
          <a href={`/polls/${et._id}`} className="text-accent-strong underline underline-offset-2">
            {t("eventTypes.card.results")}
          </a>
        </>
      )}
    </p>
  );
}

/** A poll's participants vote on /poll/:slug; every other kind books on /book/:slug. */
const publicPath = (et: EventTypeDto) => new URL(bookingUrl(et)).pathname;
