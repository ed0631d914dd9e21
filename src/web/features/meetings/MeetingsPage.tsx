import { CalendarDays, ChevronLeft, ChevronRight, SearchX } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { BookingDto } from "../../../contract/bookings";
import type { ListedBooking, MeetingSeat } from "../../../contract/seats";
import { PageHeader } from "../../components/layout/PageHeader";
import {
  Button,
  buttonClasses,
  Card,
  EmptyState,
  ErrorState,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { intlLocale, t } from "../../lib/i18n";
import { useNow } from "../bookings/useNow";
import { useCalendarSync } from "../calendars/CalendarSyncBadge";
import { CancelMeetingDialog } from "./CancelMeetingDialog";
import { DeclineRequestDialog } from "./DeclineRequestDialog";
import { dayHeading, zoneName } from "./format";
import { type MeetingActions, MeetingItem, MeetingItemSkeleton } from "./MeetingItem";
import { MeetingsToolbar, STATUS_OPTIONS } from "./MeetingsToolbar";
import {
  type MeetingsTab,
  type StatusFilter,
  useAnswerRequest,
  useBookingList,
  useSetNoShow,
} from "./queries";
import { RescheduleDialog } from "./RescheduleDialog";

const PAGE_SIZE = 20;
const ONLY_PAST: ReadonlySet<StatusFilter> = new Set(["completed", "no_show"]);
// Made when rendering: the language can change while the app is open.
const counter = () => new Intl.NumberFormat(intlLocale());

function readTab(v: string | null): MeetingsTab {
  return v === "past" ? "past" : "upcoming";
}
function readStatus(v: string | null): StatusFilter {
  return STATUS_OPTIONS.some((o) => o.value === v) ? (v as StatusFilter) : "all";
}
function readPage(v: string | null): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Bookings that share a day in their host's zone, in list order. */
function groupByDay(list: BookingDto[], now: Date) {
  const groups: { heading: string; items: BookingDto[] }[] = [];
  for (const b of list) {
    const heading = dayHeading(b.startTime, b.host.timezone, now);
    const last = groups.at(-1);
    if (last?.heading === heading) last.items.push(b);
    else groups.push({ heading, items: [b] });
  }
  return groups;
}

export default function MeetingsPage() {
  // Tab, filter, search and page live in the URL: a reload or Back shows the same list.
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get("tab"));
  const status = readStatus(params.get("status"));
  const search = params.get("q") ?? "";
  const page = readPage(params.get("page"));
  const now = useNow();

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (p) => {
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === "") p.delete(k);
            else p.set(k, v);
          }
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const goToPage = (n: number) => {
    update({ page: n <= 1 ? null : String(n) });
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  const onSearch = useCallback((q: string) => update({ q, page: null }), [update]);

  const query = useBookingList({ tab, status, search, page, limit: PAGE_SIZE });
  const noShow = useSetNoShow();
  const answer = useAnswerRequest();
  const [declining, setDeclining] = useState<BookingDto | null>(null);
  const [moving, setMoving] = useState<BookingDto | null>(null);
  const [cancelling, setCancelling] = useState<ListedBooking | null>(null);
  const [cancellingSeat, setCancellingSeat] = useState<MeetingSeat | null>(null);

  const filtering = search.trim() !== "" || status !== "all";
  const data = query.data;
  const list = data?.bookings ?? [];
  const calendarSync = useCalendarSync(list.map((b) => b._id));
  const pagination = data?.pagination;
  // The server stops counting at a cap on huge lists: then the total is a lower bound ('1,000+').
  const more = pagination?.totalCapped ? "+" : "";

  // A page past the end (after a cancel or a filter change elsewhere) falls back to the last one.
  useEffect(() => {
    if (pagination && pagination.totalPages > 0 && page > pagination.totalPages)
      update({ page: String(pagination.totalPages) });
  }, [pagination, page, update]);

  const actions: MeetingActions = {
    onReschedule: setMoving,
    onCancel: (b) => {
      setCancellingSeat(null);
      setCancelling(b);
    },
    onCancelSeat: (b, seat) => {
      setCancellingSeat(seat);
      setCancelling(b);
    },
    onDecline: setDeclining,
    confirmingId: answer.isPending && answer.variables?.confirm ? answer.variables.id : null,
    onConfirm: (b) => {
      answer.mutate(
        { id: b._id, confirm: true },
        {
          onSuccess: () => toast.success(t("meetings.confirmed", { name: b.attendee.name })),
          onError: (error) => toast.error(errorMessage(error, t("meetings.confirmFailed"))),
        },
      );
    },
    onNoShow: (b, flag) => {
      noShow.mutate(
        { id: b._id, noShow: flag },
        {
          onSuccess: () =>
            toast.success(
              flag ? t("meetings.noShowMarked", { name: b.attendee.name }) : t("meetings.noShowRemoved"),
            ),
          onError: () => toast.error(t("meetings.updateFailed")),
        },
      );
    },
  };

  const zone = list[0]?.host.timezone;
  const count = counter();
  const clearFilters = () => update({ q: null, status: null, page: null });

  return (
    <>
      <PageHeader title={t("meetings.title")} subtitle={t("meetings.subtitle")} />

      <Tabs value={tab} onValueChange={(v) => update({ tab: v === "past" ? "past" : null, page: null })}>
        <Card className="overflow-hidden">
          <div className="flex flex-col gap-3 border-slate-200 border-b px-4 pt-2 pb-4 sm:px-5">
            <TabsList aria-label={t("meetings.tabs")} className="-mx-4 px-2 sm:-mx-5 sm:px-3">
              <TabsTrigger value="upcoming">{t("meetings.tabs.upcoming")}</TabsTrigger>
              <TabsTrigger value="past">{t("meetings.tabs.past")}</TabsTrigger>
            </TabsList>
            <MeetingsToolbar
              search={search}
              onSearch={onSearch}
              status={status}
              onStatus={(v) =>
                update({
                  status: v === "all" ? null : v,
                  // Completed and no-show meetings are all in the past: show them there.
                  ...(ONLY_PAST.has(v) ? { tab: "past" } : {}),
                  page: null,
                })
              }
            />
          </div>

          {/* One panel, always the chosen tab's, so each tab's aria-controls names a real element. */}
          <TabsContent value={tab} className="pt-0">
            <p aria-live="polite" className="sr-only">
              {query.isSuccess && pagination
                ? more
                  ? t("meetings.foundCapped", { count: count.format(pagination.total) })
                  : t("meetings.found", { count: pagination.total })
                : ""}
            </p>

            {query.isPending ? (
              <div aria-busy className="divide-y divide-slate-100">
                <div className="bg-slate-50/70 px-5 py-2">
                  <div className="h-4 w-28 animate-pulse rounded bg-slate-200/70" />
                </div>
                {[0, 1, 2, 3].map((i) => (
                  <MeetingItemSkeleton key={i} />
                ))}
              </div>
            ) : query.isError && !data ? (
              <ErrorState title={t("meetings.loadFailed")} query={query} className="py-14" />
            ) : list.length === 0 ? (
              filtering ? (
                <EmptyState
                  icon={SearchX}
                  title={t("meetings.noneFound")}
                  description={t("meetings.noneFoundText")}
                  action={
                    <Button variant="outline" onClick={clearFilters}>
                      {t("meetings.clearFilters")}
                    </Button>
                  }
                  className="py-14"
                />
              ) : (
                <EmptyState
                  icon={CalendarDays}
                  title={t("meetings.empty")}
                  description={t("meetings.emptyText")}
                  action={
                    tab === "upcoming" ? (
                      <Link to="/event-types" className={buttonClasses({ variant: "outline" })}>
                        {t("meetings.shareTypes")}
                      </Link>
                    ) : undefined
                  }
                  className="py-14"
                />
              )
            ) : (
              <div
                className={cn("transition-opacity", query.isPlaceholderData && "opacity-60")}
                aria-busy={query.isFetching || undefined}
              >
                {groupByDay(list, now).map((group) => (
                  <section key={`${group.heading}-${group.items[0]._id}`} aria-label={group.heading}>
                    <h2 className="border-slate-100 border-b bg-slate-50/70 px-4 py-2 font-semibold text-slate-600 text-xs uppercase tracking-wide sm:px-5">
                      {group.heading}
                    </h2>
                    <ul>
                      {group.items.map((b) => (
                        <li key={b._id} className="border-slate-100 border-b last:border-b-0">
                          <MeetingItem
                            booking={b}
                            zone={b.host.timezone}
                            now={now.getTime()}
                            actions={actions}
                            calendarSync={calendarSync.data?.[b._id]}
                          />
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            )}

            {pagination && list.length > 0 && (
              <footer className="flex flex-wrap items-center justify-between gap-3 border-slate-200 border-t px-4 py-3 text-slate-500 text-sm sm:px-5">
                <span className="tabular">
                  {t("meetings.range", {
                    from: (pagination.page - 1) * pagination.limit + 1,
                    to: Math.min(pagination.page * pagination.limit, pagination.total),
                    total: `${count.format(pagination.total)}${more}`,
                  })}
                  {zone && (
                    <span className="hidden sm:inline">
                      {t("meetings.timesIn", { zone: zoneName(zone) })}
                    </span>
                  )}
                </span>
                {pagination.totalPages > 1 && (
                  <nav aria-label={t("meetings.pages")} className="flex items-center gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={page <= 1}
                      onClick={() => goToPage(page - 1)}
                    >
                      <ChevronLeft size={14} aria-hidden className="rtl:-scale-x-100" />{" "}
                      {t("meetings.previous")}
                    </Button>
                    <span className="tabular px-1">
                      {t("meetings.pageOf", {
                        page: pagination.page,
                        total: `${count.format(pagination.totalPages)}${more}`,
                      })}
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={page >= pagination.totalPages && !pagination.totalCapped}
                      onClick={() => goToPage(page + 1)}
                    >
                      {t("meetings.next")} <ChevronRight size={14} aria-hidden className="rtl:-scale-x-100" />
                    </Button>
                  </nav>
                )}
              </footer>
            )}
          </TabsContent>
        </Card>
      </Tabs>

      <RescheduleDialog booking={moving} onClose={() => setMoving(null)} />
      <CancelMeetingDialog booking={cancelling} seat={cancellingSeat} onClose={() => setCancelling(null)} />
      <DeclineRequestDialog booking={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
