import {
  AlertTriangle,
  ArrowLeft,
  CalendarPlus,
  Link2,
  Mail,
  MapPin,
  Pencil,
  Phone,
  Tag,
  Trash2,
} from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { ContactDetail, ContactMeeting } from "../../../contract/contacts";
import { formatPhone } from "../../../domain/phone-format";
import {
  Badge,
  type BadgeTone,
  Button,
  buttonClasses,
  Card,
  EmptyState,
  Skeleton,
} from "../../components/ui";
import { ApiError, errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { hourCycle } from "../../lib/host-clock";
import { intlLocale, t } from "../../lib/i18n";
import { zoneLabel } from "../bookings/time";
import { ContactDialog } from "./ContactDialog";
import { DeleteContactDialog } from "./DeleteContactDialog";
import { ContactAvatar, formatDate, PriorityIcon, StageBadge } from "./format";
import { useContact } from "./queries";
import { ScheduleDialog, TagsDialog } from "./RowDialogs";

const STATUS: Record<ContactMeeting["status"], [AppMessageId, BadgeTone]> = {
  confirmed: ["contacts.status.upcoming", "blue"],
  completed: ["contacts.status.completed", "grey"],
  cancelled: ["contacts.status.cancelled", "red"],
  no_show: ["contacts.status.noShow", "amber"],
  pending: ["contacts.status.pending", "blue"],
  declined: ["contacts.status.declined", "red"],
  expired: ["contacts.status.expired", "grey"],
};

/** In the app's language on the host's clock, made when rendering (the language can change at run time). */
const timeFormat = () =>
  new Intl.DateTimeFormat(intlLocale(), {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hourCycle: hourCycle(),
  });

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-4">
      <dt className="w-32 shrink-0 text-slate-500 text-sm">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-800 text-sm">{children || "—"}</dd>
    </div>
  );
}

/** The Meetings list searched for this contact's email, on the tab where the meeting is. */
const meetingLink = (email: string, m: ContactMeeting) =>
  `/meetings?q=${encodeURIComponent(email)}${m.status === "confirmed" ? "" : "&tab=past"}`;

function Timeline({ email, meetings }: { email: string; meetings: ContactMeeting[] }) {
  if (meetings.length === 0) {
    return <p className="py-6 text-center text-slate-500 text-sm">{t("contacts.page.noMeetings")}</p>;
  }
  return (
    <ol className="relative ms-2 border-slate-200 border-s">
      {meetings.map((m) => {
        const [label, tone] = STATUS[m.status];
        return (
          <li key={m._id} className="mb-4 ms-5 last:mb-0">
            <span
              aria-hidden
              className="absolute -start-[7px] mt-1.5 size-3 rounded-full border-2 border-white"
              style={{ background: m.color }}
            />
            <Link
              to={meetingLink(email, m)}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-2 py-1 hover:bg-slate-50"
            >
              <span className="font-medium text-slate-900">{m.title}</span>
              <Badge tone={tone}>{t(label)}</Badge>
              <time dateTime={m.startTime} className="w-full text-slate-500 text-sm tabular-nums">
                {timeFormat().format(new Date(m.startTime))}
              </time>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

function Details({ c }: { c: ContactDetail }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [tagging, setTagging] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const place = [c.city, c.state, c.country].filter(Boolean).join(", ");
  const upcoming = c.meetings.filter((m) => m.status === "confirmed").length;
  return (
    <>
      <Card className="mb-4 p-5">
        <div className="flex flex-wrap items-start gap-4">
          <ContactAvatar contact={c} size={64} />
          <div className="min-w-0 flex-1">
            <h1 className="wrap-anywhere font-semibold text-2xl text-slate-900">{c.fullName}</h1>
            <p className="text-slate-600 text-sm">
              {c.jobTitle && c.company
                ? t("contacts.page.jobAt", { job: c.jobTitle, company: c.company })
                : c.jobTitle || c.company || t("contacts.page.noCompany")}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <StageBadge stage={c.relationshipStage} />
              <PriorityIcon priority={c.priority} withLabel />
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil size={16} aria-hidden /> {t("contacts.page.edit")}
            </Button>
            <Button onClick={() => setScheduling(true)}>
              <CalendarPlus size={16} aria-hidden /> {t("contacts.schedule")}
            </Button>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-slate-600 text-sm">
          <a href={`mailto:${c.email}`} className="inline-flex items-center gap-1.5 hover:text-accent-strong">
            <Mail size={14} aria-hidden /> {c.email}
          </a>
          {c.phone && (
            <a href={`tel:${c.phone}`} className="inline-flex items-center gap-1.5 hover:text-accent-strong">
              <Phone size={14} aria-hidden /> {formatPhone(c.phone)}
            </a>
          )}
          {place && (
            <span className="inline-flex items-center gap-1.5">
              <MapPin size={14} aria-hidden /> {place}
            </span>
          )}
          {c.linkedIn && (
            <a
              href={c.linkedIn}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1.5 hover:text-accent-strong"
            >
              <Link2 size={14} aria-hidden /> {t("contacts.field.linkedIn")}
            </a>
          )}
        </div>
      </Card>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <Card className="p-5">
          <h2 className="mb-2 font-semibold text-slate-900">{t("contacts.page.details")}</h2>
          <dl className="divide-y divide-slate-100">
            <Row label={t("contacts.field.timezone")}>{c.timezone ? zoneLabel(c.timezone) : c.timezone}</Row>
            <Row label={t("contacts.page.meetings")}>
              {upcoming > 0
                ? t("contacts.page.heldUpcoming", { held: c.totalMeetings, upcoming })
                : t("contacts.page.held", { held: c.totalMeetings })}
            </Row>
            <Row label={t("contacts.page.lastMet")}>
              {c.lastMeetingDate ? formatDate(c.lastMeetingDate) : t("contacts.page.never")}
            </Row>
            <Row label={t("contacts.page.added")}>{formatDate(c.createdAt)}</Row>
            <Row label={t("contacts.tags")}>
              {c.tags.length > 0 ? (
                <span className="flex flex-wrap gap-1.5">
                  {c.tags.map((tag) => (
                    <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700 text-xs">
                      {tag}
                    </span>
                  ))}
                </span>
              ) : (
                ""
              )}
            </Row>
            <Row label={t("contacts.field.notes")}>
              {c.notes && <span className="whitespace-pre-wrap">{c.notes}</span>}
            </Row>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setTagging(true)}>
              <Tag size={14} aria-hidden /> {t("contacts.page.editTags")}
            </Button>
            <Button size="sm" variant="outline" className="text-red-600" onClick={() => setDeleting(true)}>
              <Trash2 size={14} aria-hidden /> {t("contacts.delete")}
            </Button>
          </div>
        </Card>
        <Card className="p-5">
          <h2 className="mb-3 font-semibold text-slate-900">{t("contacts.page.meetings")}</h2>
          <Timeline email={c.email} meetings={c.meetings} />
        </Card>
      </div>

      <ContactDialog open={editing} contact={editing ? c : null} onClose={() => setEditing(false)} />
      <TagsDialog contact={tagging ? c : null} onClose={() => setTagging(false)} />
      <ScheduleDialog contact={scheduling ? c : null} onClose={() => setScheduling(false)} />
      <DeleteContactDialog
        contact={deleting ? c : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate("/contacts")}
      />
    </>
  );
}

/** /contacts/:id: the contact's fields, tags, notes and the timeline of their meetings with this host. */
export default function ContactPage() {
  const { id = "" } = useParams();
  const query = useContact(id);
  return (
    <>
      <Link
        to="/contacts"
        className="mb-4 inline-flex items-center gap-1.5 text-slate-600 text-sm hover:text-slate-900"
      >
        <ArrowLeft size={16} aria-hidden className="rtl:rotate-180" /> {t("contacts.title")}
      </Link>
      {query.isPending ? (
        <Card className="p-5" aria-busy>
          <div className="flex items-center gap-4">
            <Skeleton className="size-16 rounded-full" />
            <div className="flex flex-col gap-2">
              <Skeleton className="h-6 w-56" />
              <Skeleton className="h-4 w-40" />
            </div>
          </div>
        </Card>
      ) : query.isError ? (
        <Card>
          <EmptyState
            icon={AlertTriangle}
            title={
              query.error instanceof ApiError && query.error.status === 404
                ? t("contacts.page.notFound")
                : t("contacts.page.loadFailed")
            }
            description={
              query.error instanceof ApiError && query.error.status === 404
                ? t("contacts.page.maybeDeleted")
                : errorMessage(query.error, t("contacts.page.loadFailed"))
            }
            action={
              <Link to="/contacts" className={buttonClasses({ variant: "outline" })}>
                {t("contacts.page.back")}
              </Link>
            }
            className="py-14"
          />
        </Card>
      ) : (
        <Details c={query.data} />
      )}
    </>
  );
}
