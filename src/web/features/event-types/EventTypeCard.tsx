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
import { type EventTypeDto, KIND_DEFAULTS, MISSING_PART_MESSAGES } from "../../../contract/event-types";
import { Badge, Button, Card, Menu, MenuItem, MenuSeparator, Skeleton, Switch } from "../../components/ui";
import { copyText } from "../../lib/clipboard";
import { cn } from "../../lib/cn";
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
      <span aria-hidden className="absolute inset-y-0 left-0 w-1" style={{ backgroundColor: et.color }} />
      <div className={cn("flex flex-1 flex-col pl-6", compact ? "p-4" : "p-5")}>
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-semibold text-base text-slate-900">
              <button
                type="button"
                onClick={() => actions.onEdit(et)}
                className="max-w-full truncate text-left hover:underline focus-visible:underline"
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
            aria-label={`${et.isActive ? "Deactivate" : "Activate"} ${et.title}`}
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
            {et.description || "No description"}
          </p>
        ) : null}
        <div className="mt-3 empty:hidden">
          <NoBookableTimes et={et} compact />
        </div>
        <div className="mt-auto flex items-center gap-2 pt-3">
          <Badge tone={et.isActive ? "green" : "grey"} dot>
            {et.isActive ? "Active" : "Inactive"}
          </Badge>
          <IncompleteBadge missing={et.missing} />
          <span className="text-slate-500 text-xs">{KIND_DEFAULTS[et.type].label}</span>
        </div>
        <KindDetails et={et} />
      </div>
      <div className="flex items-center justify-between gap-2 border-slate-100 border-t py-2.5 pr-3 pl-5">
        <a
          href={publicPath(et)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-1.5 py-1 font-medium text-accent-strong text-sm hover:bg-accent-soft"
        >
          <ExternalLink size={14} aria-hidden />
          View booking page
        </a>
        {compact ? (
          // Dashboard cards are narrow: icon buttons, named for screen readers and on hover.
          <div className="flex items-center gap-0.5">
            <IconAction label="Copy link" icon={Copy} onClick={() => void copyText(bookingUrl(et))} />
            <IconAction label="Share" icon={Share2} onClick={() => actions.onShare(et)} />
          </div>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void copyText(bookingUrl(et))}
            aria-label={`Copy link to ${et.title}`}
          >
            <Copy size={14} aria-hidden />
            Copy link
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
          aria-label={`Actions for ${et.title}`}
          className="-mt-1 -mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <MoreHorizontal size={18} aria-hidden />
        </button>
      }
    >
      <MenuItem icon={Pencil} onSelect={() => actions.onEdit(et)}>
        Edit
      </MenuItem>
      <MenuItem icon={Eye} onSelect={() => openBookingPage(et)}>
        Preview
      </MenuItem>
      <MenuItem icon={Share2} onSelect={() => actions.onShare(et)}>
        Share
      </MenuItem>
      <MenuItem icon={Copy} onSelect={() => void copyText(bookingUrl(et))}>
        Copy link
      </MenuItem>
      <MenuItem icon={CopyPlus} onSelect={() => actions.onDuplicate(et)}>
        Duplicate
      </MenuItem>
      <MenuSeparator />
      <MenuItem icon={Trash2} danger onSelect={() => actions.onDelete(et)}>
        Delete
      </MenuItem>
    </Menu>
  );
}

/** Placeholder with the card's shape while the list loads. */
export function EventTypeCardSkeleton() {
  return (
    <Card className="relative overflow-hidden">
      <span aria-hidden className="absolute inset-y-0 left-0 w-1 bg-slate-200" />
      <div className="p-5 pl-6">
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
  const text =
    et.type === "round-robin" || et.type === "collective"
      ? et.hosts.length > 0
        ? `${et.team?.name ?? "Team"}: ${et.hosts.map((h) => h.name).join(", ")}`
        : `${MISSING_PART_MESSAGES.hosts}: invitees are not offered it until then`
      : et.type === "one-off"
        ? et.closedAt
          ? "Booked: the link is no longer available"
          : `${et.fixedTimes.length > 0 ? `${et.fixedTimes.length} chosen times` : "Your availability"}${et.expiresAt ? ` · expires ${new Date(et.expiresAt).toLocaleDateString()}` : ""} · private link, one booking`
        : et.type === "poll"
          ? et.closedAt
            ? "Poll booked"
            : et.fixedTimes.length === 0
              ? `${MISSING_PART_MESSAGES.times}: the poll opens once it has one`
              : `${et.fixedTimes.length} proposed times · private poll link`
          : null;
  if (!text) return null;
  return (
    <p className="mt-1.5 text-slate-500 text-xs">
      {text}
      {et.type === "poll" && (
        <>
          {" · "}
          <a href={`/polls/${et._id}`} className="text-accent-strong underline underline-offset-2">
            Results
          </a>
        </>
      )}
    </p>
  );
}

/** A poll's participants vote on /poll/:slug; every other kind books on /book/:slug. */
const publicPath = (et: EventTypeDto) => new URL(bookingUrl(et)).pathname;
