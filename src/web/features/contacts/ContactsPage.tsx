import { ChevronLeft, ChevronRight, Download, Info, Plus, SearchX, Upload, Users } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CONTACT_SORTS, type ContactDto, type ContactSort } from "../../../contract/contacts";
import { PageHeader } from "../../components/layout/PageHeader";
import { Button, buttonClasses, Card, EmptyState, ErrorState, Skeleton, toast } from "../../components/ui";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";
import { BulkBar } from "./BulkBar";
import { ContactDialog } from "./ContactDialog";
import { ContactsTable, type RowActions } from "./ContactsList";
import { ContactsToolbar } from "./ContactsToolbar";
import { DeleteContactDialog } from "./DeleteContactDialog";
import { ImportDialog } from "./ImportDialog";
import { type ContactsParams, downloadFile, filterOf, useContacts } from "./queries";
import { ScheduleDialog, TagsDialog } from "./RowDialogs";
import { StatsStrip } from "./StatsStrip";

const PAGE_SIZE = 25;

/** Which rows are chosen: some ids, or every row the filter matches (select-all) minus some. */
type Selection = { all: false; ids: Set<string> } | { all: true; except: Set<string> };
const none = (): Selection => ({ all: false, ids: new Set() });

function readParams(p: URLSearchParams): ContactsParams {
  const sort = (CONTACT_SORTS as readonly string[]).includes(p.get("sort") ?? "")
    ? (p.get("sort") as ContactSort)
    : "name";
  const order =
    p.get("order") === "asc" || p.get("order") === "desc"
      ? (p.get("order") as "asc" | "desc")
      : sort === "name"
        ? "asc"
        : "desc";
  const page = Number(p.get("page"));
  return {
    searchQuery: p.get("q") ?? "",
    stage: p.get("stage") ?? "all",
    priority: p.get("priority") ?? "all",
    sort,
    order,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: PAGE_SIZE,
  };
}

export default function ContactsPage() {
  // Filters, sort and page live in the URL: reload and Back keep the same list.
  const [search, setSearch] = useSearchParams();
  const params = readParams(search);
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (p) => {
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === "" || v === "all") p.delete(k);
            else p.set(k, v);
          }
          return p;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const query = useContacts(params);
  const count = new Intl.NumberFormat(intlLocale());
  const list = query.data?.data ?? [];
  const pagination = query.data?.pagination;
  // A search's total is counted up to a cap on huge lists: then it is a lower bound ('200+').
  const more = pagination?.totalCapped ? "+" : "";
  const filtering = params.searchQuery.trim() !== "" || params.stage !== "all" || params.priority !== "all";

  const [selection, setSelection] = useState<Selection>(none);
  const filterKey = JSON.stringify(filterOf(params));
  // A new filter is a new set of rows: what was chosen no longer applies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on filter change only
  useEffect(() => setSelection(none()), [filterKey]);

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ContactDto | null>(null);
  const [importing, setImporting] = useState(false);
  const [scheduling, setScheduling] = useState<ContactDto | null>(null);
  const [tagging, setTagging] = useState<ContactDto | null>(null);
  const [deleting, setDeleting] = useState<ContactDto | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    if (pagination && pagination.totalPages > 0 && params.page > pagination.totalPages) {
      update({ page: String(pagination.totalPages) });
    }
  }, [pagination, params.page, update]);

  const isSelected = (id: string) => (selection.all ? !selection.except.has(id) : selection.ids.has(id));
  const selectedCount = selection.all ? (pagination?.total ?? 0) - selection.except.size : selection.ids.size;
  const allState: boolean | "indeterminate" =
    selectedCount === 0 ? false : selection.all && selection.except.size === 0 ? true : "indeterminate";
  const toggle = (id: string) =>
    setSelection((s) => {
      const set = new Set(s.all ? s.except : s.ids);
      if (set.has(id)) set.delete(id);
      else set.add(id);
      return s.all ? { all: true, except: set } : { all: false, ids: set };
    });
  // Spec: select-all toggles between all filtered rows and none.
  const toggleAll = () => setSelection(allState === true ? none() : { all: true, except: new Set() });

  const actions: RowActions = useMemo(
    () => ({ onEdit: setEditing, onSchedule: setScheduling, onTags: setTagging, onDelete: setDeleting }),
    [],
  );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile("/contacts/export", filterOf(params), "contacts.csv");
    } catch {
      toast.error(t("contacts.exportFailed"));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t("contacts.title")}
        subtitle={t("contacts.subtitle")}
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload size={16} aria-hidden /> {t("contacts.import")}
            </Button>
            <Button
              variant="outline"
              onClick={exportCsv}
              disabled={list.length === 0 || exporting}
              loading={exporting}
            >
              <Download size={16} aria-hidden /> {t(exporting ? "contacts.exporting" : "contacts.export")}
            </Button>
            <Button onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden /> {t("contacts.add")}
            </Button>
          </div>
        }
      />

      <div className="mb-4 flex items-start gap-3 rounded-xl border border-blue-100 bg-blue-50/70 px-4 py-3 text-sm">
        <Info size={18} aria-hidden className="mt-0.5 shrink-0 text-accent-strong" />
        <div>
          <p className="font-medium text-slate-900">{t("contacts.banner.title")}</p>
          <p className="text-slate-600">{t("contacts.banner.text")}</p>
        </div>
      </div>

      <StatsStrip />

      <Card className="overflow-hidden">
        <div className="border-slate-200 border-b px-4 py-3 sm:px-5">
          <ContactsToolbar params={params} onChange={(changes) => update({ ...changes, page: null })} />
        </div>
        {selectedCount > 0 && (
          <BulkBar
            count={selectedCount}
            atLeast={selection.all && !!pagination?.totalCapped}
            target={
              selection.all
                ? { filter: filterOf(params), except: selection.except }
                : { ids: [...selection.ids] }
            }
            onDone={() => setSelection(none())}
          />
        )}

        <p aria-live="polite" className="sr-only">
          {query.isSuccess && pagination
            ? t("contacts.found", {
                count: more ? 2 : pagination.total,
                amount: `${count.format(pagination.total)}${more}`,
              })
            : ""}
        </p>

        {query.isPending ? (
          <div aria-busy className="divide-y divide-slate-100">
            {[0, 1, 2, 3, 4].map((i) => (
              <div key={i} className="flex items-center gap-3 px-5 py-4">
                <Skeleton className="size-9 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-48" />
                  <Skeleton className="h-3 w-72" />
                </div>
              </div>
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <ErrorState title={t("contacts.loadFailed")} query={query} className="py-14" />
        ) : list.length === 0 ? (
          filtering ? (
            <EmptyState
              icon={SearchX}
              title={t("contacts.empty.noneFound")}
              description={t("contacts.empty.adjust")}
              action={
                <Button
                  variant="outline"
                  onClick={() => update({ q: null, stage: null, priority: null, page: null })}
                >
                  {t("contacts.empty.clearFilters")}
                </Button>
              }
              className="py-14"
            />
          ) : (
            <EmptyState
              icon={Users}
              title={t("contacts.empty.none")}
              description={t("contacts.empty.addFirst")}
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <Button onClick={() => setAdding(true)}>
                    <Plus size={16} aria-hidden /> {t("contacts.add")}
                  </Button>
                  <Link to="/event-types" className={buttonClasses({ variant: "outline" })}>
                    {t("contacts.empty.bookFirst")}
                  </Link>
                </div>
              }
              className="py-14"
            />
          )
        ) : (
          <div
            className={cn("transition-opacity", query.isPlaceholderData && "opacity-60")}
            aria-busy={query.isFetching || undefined}
          >
            <ContactsTable
              contacts={list}
              selected={isSelected}
              onToggle={toggle}
              allState={allState}
              onToggleAll={toggleAll}
              actions={actions}
              sort={params.sort}
              order={params.order}
              onSort={(s) =>
                update({
                  sort: s === "name" ? null : s,
                  order: params.sort === s && params.order === "asc" ? "desc" : "asc",
                  page: null,
                })
              }
            />
          </div>
        )}

        {pagination && list.length > 0 && (
          <footer className="flex flex-wrap items-center justify-between gap-3 border-slate-200 border-t px-4 py-3 text-slate-500 text-sm sm:px-5">
            <span className="tabular-nums">
              {t("contacts.range", {
                from: count.format((pagination.page - 1) * pagination.limit + 1),
                to: count.format(Math.min(pagination.page * pagination.limit, pagination.total)),
                total: `${count.format(pagination.total)}${more}`,
              })}
            </span>
            {pagination.totalPages > 1 && (
              <nav aria-label={t("contacts.pages")} className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={params.page <= 1}
                  onClick={() => update({ page: String(params.page - 1) })}
                >
                  <ChevronLeft size={14} aria-hidden className="rtl:rotate-180" /> {t("contacts.previous")}
                </Button>
                <span className="px-1 tabular-nums">
                  {t("contacts.pageOf", {
                    page: count.format(pagination.page),
                    pages: `${count.format(pagination.totalPages)}${more}`,
                  })}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={params.page >= pagination.totalPages && !pagination.totalCapped}
                  onClick={() => update({ page: String(params.page + 1) })}
                >
                  {t("contacts.next")} <ChevronRight size={14} aria-hidden className="rtl:rotate-180" />
                </Button>
              </nav>
            )}
          </footer>
        )}
      </Card>

      <ContactDialog
        open={adding || editing !== null}
        contact={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void query.refetch()}
      />
      <ScheduleDialog contact={scheduling} onClose={() => setScheduling(null)} />
      <TagsDialog contact={tagging} onClose={() => setTagging(null)} />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
