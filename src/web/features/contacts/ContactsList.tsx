import { CalendarPlus, Mail, MoreHorizontal, Pencil, Tag, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { ContactDto, ContactSort } from "../../../contract/contacts";
import { formatPhone } from "../../../domain/phone-format";
import {
  Checkbox,
  Menu,
  MenuItem,
  MenuSeparator,
  Table,
  TableCell,
  TableHead,
  TableHeaderCell,
} from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { cn } from "../../lib/cn";
import { t } from "../../lib/i18n";
import { zoneLabel } from "../bookings/time";
import { ContactAvatar, formatDate, PriorityIcon, StageBadge } from "./format";

export interface RowActions {
  onEdit: (c: ContactDto) => void;
  onSchedule: (c: ContactDto) => void;
  onTags: (c: ContactDto) => void;
  onDelete: (c: ContactDto) => void;
}

function RowMenu({ contact, actions }: { contact: ContactDto; actions: RowActions }) {
  return (
    <Menu
      trigger={
        <button
          type="button"
          aria-label={t("contacts.list.actionsFor", { name: contact.fullName })}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <MoreHorizontal size={18} aria-hidden />
        </button>
      }
    >
      <MenuItem icon={Pencil} onSelect={() => actions.onEdit(contact)}>
        {t("contacts.form.editTitle")}
      </MenuItem>
      <MenuItem icon={CalendarPlus} onSelect={() => actions.onSchedule(contact)}>
        {t("contacts.schedule")}
      </MenuItem>
      <MenuItem icon={Mail} onSelect={() => window.open(`mailto:${contact.email}`, "_self")}>
        {t("contacts.list.sendEmail")}
      </MenuItem>
      <MenuItem icon={Tag} onSelect={() => actions.onTags(contact)}>
        {t("contacts.list.addTags")}
      </MenuItem>
      <MenuSeparator />
      <MenuItem icon={Trash2} danger onSelect={() => actions.onDelete(contact)}>
        {t("contacts.delete")}
      </MenuItem>
    </Menu>
  );
}

/** The line under each row: city and state, timezone, meetings, last met, first 2 tags plus '+N'. */
function DetailLine({ c }: { c: ContactDto }) {
  const place = [c.city, c.state].filter(Boolean).join(", ");
  const parts = [
    place,
    c.timezone ? zoneLabel(c.timezone) : "",
    t("contacts.list.meetings", { count: c.totalMeetings }),
    c.lastMeetingDate ? t("contacts.list.lastMet", { date: formatDate(c.lastMeetingDate) }) : "",
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-500 text-xs">
      {parts.map((p) => (
        <span key={p}>{p}</span>
      ))}
      {c.tags.slice(0, 2).map((tag) => (
        <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-600">
          {tag}
        </span>
      ))}
      {c.tags.length > 2 && (
        <span className="text-slate-500" title={c.tags.slice(2).join(", ")}>
          +{c.tags.length - 2}
        </span>
      )}
    </div>
  );
}

function NameCell({ c }: { c: ContactDto }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ContactAvatar contact={c} />
      <div className="min-w-0">
        <Link
          to={`/contacts/${c._id}`}
          className="block truncate font-medium text-slate-900 hover:text-accent-strong hover:underline"
        >
          {c.fullName}
        </Link>
        {c.phone && <span className="block text-slate-500 text-xs tabular-nums">{formatPhone(c.phone)}</span>}
      </div>
    </div>
  );
}

const SORTABLE: Partial<Record<AppMessageId, ContactSort>> = { "contacts.field.name": "name" };

export function ContactsTable({
  contacts,
  selected,
  onToggle,
  allState,
  onToggleAll,
  actions,
  sort,
  order,
  onSort,
}: {
  contacts: ContactDto[];
  selected: (id: string) => boolean;
  onToggle: (id: string) => void;
  allState: boolean | "indeterminate";
  onToggleAll: () => void;
  actions: RowActions;
  sort: ContactSort;
  order: "asc" | "desc";
  onSort: (s: ContactSort) => void;
}) {
  const headers: AppMessageId[] = [
    "contacts.field.name",
    "contacts.field.email",
    "contacts.field.company",
    "contacts.field.jobTitle",
    "contacts.field.stageShort",
    "contacts.field.priority",
  ];
  return (
    <>
      {/* Desktop: the table of spec section 2. */}
      <div className="hidden md:block">
        <Table>
          <TableHead>
            <tr>
              <TableHeaderCell className="w-10">
                <Checkbox
                  aria-label={t("contacts.list.selectAllFiltered")}
                  checked={allState}
                  onCheckedChange={onToggleAll}
                />
              </TableHeaderCell>
              {headers.map((h) => {
                const key = SORTABLE[h];
                return (
                  <TableHeaderCell
                    key={h}
                    aria-sort={
                      key && sort === key ? (order === "asc" ? "ascending" : "descending") : undefined
                    }
                  >
                    {key ? (
                      <button
                        type="button"
                        className="uppercase hover:text-slate-800"
                        onClick={() => onSort(key)}
                      >
                        {t(h)} {sort === key ? (order === "asc" ? "↑" : "↓") : ""}
                      </button>
                    ) : (
                      t(h)
                    )}
                  </TableHeaderCell>
                );
              })}
              <TableHeaderCell className="text-end">{t("contacts.list.actions")}</TableHeaderCell>
            </tr>
          </TableHead>
          {/* One tbody per contact: its row and the line under it belong together. */}
          {contacts.map((c) => (
            <tbody
              key={c._id}
              className={cn(
                "border-slate-100 border-b hover:bg-slate-50/70",
                selected(c._id) && "bg-blue-50/50",
              )}
            >
              <tr>
                <TableCell className="pt-3 pb-1">
                  <Checkbox
                    aria-label={t("contacts.list.select", { name: c.fullName })}
                    checked={selected(c._id)}
                    onCheckedChange={() => onToggle(c._id)}
                  />
                </TableCell>
                <TableCell className="max-w-56 pt-3 pb-1">
                  <NameCell c={c} />
                </TableCell>
                <TableCell className="max-w-56 truncate pt-3 pb-1">
                  <a href={`mailto:${c.email}`} className="hover:text-accent-strong hover:underline">
                    {c.email}
                  </a>
                </TableCell>
                <TableCell className="max-w-40 truncate pt-3 pb-1">{c.company || "—"}</TableCell>
                <TableCell className="max-w-40 truncate pt-3 pb-1">{c.jobTitle || "—"}</TableCell>
                <TableCell className="pt-3 pb-1">
                  <StageBadge stage={c.relationshipStage} />
                </TableCell>
                <TableCell className="pt-3 pb-1">
                  <PriorityIcon priority={c.priority} />
                </TableCell>
                <TableCell className="pt-3 pb-1 text-end">
                  <RowMenu contact={c} actions={actions} />
                </TableCell>
              </tr>
              <tr>
                <td />
                <td colSpan={7} className="px-4 pt-0 pb-3 ps-[3.75rem]">
                  <DetailLine c={c} />
                </td>
              </tr>
            </tbody>
          ))}
        </Table>
      </div>

      {/* Phone: the table becomes a list of cards. */}
      <div className="md:hidden">
        <div className="flex items-center gap-3 border-slate-100 border-b px-4 py-2">
          <Checkbox
            id="select-all-phone"
            aria-label={t("contacts.list.selectAllFiltered")}
            checked={allState}
            onCheckedChange={onToggleAll}
          />
          <label htmlFor="select-all-phone" className="text-slate-600 text-sm">
            {t("contacts.list.selectAll")}
          </label>
        </div>
        <ul className="divide-y divide-slate-100">
          {contacts.map((c) => (
            <li key={c._id} className={cn("flex gap-3 px-4 py-3", selected(c._id) && "bg-blue-50/50")}>
              <Checkbox
                className="mt-2"
                aria-label={t("contacts.list.select", { name: c.fullName })}
                checked={selected(c._id)}
                onCheckedChange={() => onToggle(c._id)}
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <div className="flex items-start justify-between gap-2">
                  <NameCell c={c} />
                  <RowMenu contact={c} actions={actions} />
                </div>
                <a href={`mailto:${c.email}`} className="truncate text-slate-700 text-sm">
                  {c.email}
                </a>
                {(c.company || c.jobTitle) && (
                  <span className="truncate text-slate-600 text-sm">
                    {[c.jobTitle, c.company].filter(Boolean).join(" · ")}
                  </span>
                )}
                <div className="flex items-center gap-2">
                  <StageBadge stage={c.relationshipStage} />
                  <PriorityIcon priority={c.priority} />
                </div>
                <DetailLine c={c} />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
