import { ArrowLeft, ChevronLeft, ChevronRight, History, RotateCcw, SearchX } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import {
  EXECUTION_STATUSES,
  type ExecutionStatus,
  WORKFLOW_ACTIONS,
  type WorkflowExecutionDto,
} from "../../../contract/workflows";
import { PageHeader } from "../../components/layout/PageHeader";
import {
  Badge,
  type BadgeTone,
  Button,
  buttonClasses,
  Card,
  DateRangePicker,
  EmptyState,
  ErrorState,
  Label,
  Select,
  Skeleton,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { actionLabel, shortDateTime, triggerLabel } from "./format";
import { type ExecutionFilters, useExecutions, useRetryExecution } from "./queries";

const STATUS_TONES: Record<ExecutionStatus, BadgeTone> = {
  scheduled: "blue",
  sent: "green",
  failed: "red",
  skipped: "amber",
  cancelled: "grey",
};
const STATUS_LABELS: Record<ExecutionStatus, AppMessageId> = {
  scheduled: "workflows.status.scheduled",
  sent: "workflows.status.sent",
  failed: "workflows.status.failed",
  skipped: "workflows.status.skipped",
  cancelled: "workflows.status.cancelled",
};

function Result({ e }: { e: WorkflowExecutionDto }) {
  const response =
    e.responseCode !== null
      ? e.responseMs !== null
        ? t("workflows.executions.httpIn", { code: e.responseCode, ms: e.responseMs })
        : `HTTP ${e.responseCode}`
      : null;
  return (
    <div className="text-sm">
      {e.target && <p className="break-all text-slate-700">{e.target}</p>}
      {response && <p className="text-slate-500 tabular-nums">{response}</p>}
      {e.error && <p className="break-words text-red-700">{e.error}</p>}
    </div>
  );
}

function ExecutionItem({
  e,
  onRetry,
  retrying,
}: {
  e: WorkflowExecutionDto;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <li
      className="grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_9rem_minmax(0,1.4fr)_6rem] sm:items-start sm:px-5"
      data-testid="execution"
    >
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900 text-sm">{e.booking.attendeeName}</p>
        <p className="truncate text-slate-500 text-sm">
          {e.booking.eventName} · {shortDateTime(e.booking.startTime)}
        </p>
      </div>
      <div className="text-sm">
        <p className="text-slate-800">{actionLabel(e.actionType)}</p>
        <p className="text-slate-500">{triggerLabel(e.trigger)}</p>
      </div>
      <div className="text-sm tabular-nums">
        <p className="text-slate-800">{shortDateTime(e.scheduledFor)}</p>
        <p className="text-slate-500">{t("workflows.executions.attempts", { count: e.attempts })}</p>
      </div>
      <div className="min-w-0">
        <Badge tone={STATUS_TONES[e.status]} dot>
          {t(STATUS_LABELS[e.status])}
        </Badge>
        <div className="mt-1">
          <Result e={e} />
        </div>
      </div>
      <div className="sm:text-end">
        {(e.status === "failed" || e.status === "skipped") && (
          <Button
            size="sm"
            variant="outline"
            onClick={onRetry}
            loading={retrying}
            aria-label={t("workflows.executions.retryFor", { name: e.booking.attendeeName })}
          >
            <RotateCcw size={14} aria-hidden /> {t("workflows.executions.retry")}
          </Button>
        )}
      </div>
    </li>
  );
}

export default function ExecutionsPage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const filters: ExecutionFilters = {
    status: params.get("status") ?? "",
    action: params.get("action") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        if (key !== "page") p.delete("page");
        return p;
      },
      { replace: true },
    );
  const query = useExecutions(id, filters);
  const retry = useRetryExecution(id);
  const page = query.data;
  const filtering = !!(filters.status || filters.action || filters.from || filters.to);

  return (
    <>
      <Link to="/workflows" className={`${buttonClasses({ variant: "ghost", size: "sm" })} mb-3 -ms-3`}>
        <ArrowLeft size={16} aria-hidden className="rtl:rotate-180" /> {t("workflows.title")}
      </Link>
      <PageHeader
        title={
          page
            ? t("workflows.executions.titleOf", { name: page.workflow.name })
            : t("workflows.executions.title")
        }
        subtitle={t("workflows.executions.subtitle")}
      />
      <div className="mb-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="ex-status">{t("workflows.executions.status")}</Label>
          <Select
            id="ex-status"
            value={filters.status}
            onChange={(e) => set("status", e.target.value)}
            wrapperClassName="sm:w-40"
          >
            <option value="">{t("workflows.executions.allStatuses")}</option>
            {EXECUTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABELS[s])}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="ex-action">{t("workflows.executions.action")}</Label>
          <Select
            id="ex-action"
            value={filters.action}
            onChange={(e) => set("action", e.target.value)}
            wrapperClassName="sm:w-40"
          >
            <option value="">{t("workflows.executions.allActions")}</option>
            {WORKFLOW_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </Select>
        </div>
        <div className="col-span-2 grid gap-1.5 sm:w-64">
          <Label htmlFor="ex-dates">{t("workflows.executions.dueBetween")}</Label>
          {/* A one-day pick stores the start alone; the filter then covers that day. */}
          <DateRangePicker
            id="ex-dates"
            value={{
              start: filters.from || undefined,
              end: filters.to && filters.to !== filters.from ? filters.to : undefined,
            }}
            onChange={(range) =>
              setParams(
                (p) => {
                  for (const [key, value] of [
                    ["from", range.start],
                    ["to", range.end ?? range.start],
                  ] as const)
                    if (value) p.set(key, value);
                    else p.delete(key);
                  p.delete("page");
                  return p;
                },
                { replace: true },
              )
            }
            today={new Intl.DateTimeFormat("en-CA").format(new Date())}
          />
        </div>
      </div>

      <Card className="overflow-hidden" aria-busy={query.isLoading}>
        {query.isLoading ? (
          <div className="space-y-4 p-5">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState title={t("workflows.executions.loadFailed")} query={query} />
        ) : !page || page.data.length === 0 ? (
          filtering ? (
            <EmptyState
              icon={SearchX}
              title={t("workflows.executions.noneFound")}
              description={t("workflows.executions.adjust")}
            />
          ) : (
            <EmptyState
              icon={History}
              title={t("workflows.executions.none")}
              description={t("workflows.executions.noneText")}
            />
          )
        ) : (
          <>
            <div
              className="hidden border-slate-200 border-b bg-slate-50 px-5 py-2 font-medium text-slate-500 text-xs uppercase tracking-wide sm:grid sm:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_9rem_minmax(0,1.4fr)_6rem]"
              aria-hidden
            >
              <span>{t("workflows.executions.booking")}</span>
              <span>{t("workflows.executions.action")}</span>
              <span>{t("workflows.executions.scheduled")}</span>
              <span>{t("workflows.executions.status")}</span>
              <span />
            </div>
            <ul className="divide-y divide-slate-200">
              {page.data.map((e) => (
                <ExecutionItem
                  key={e._id}
                  e={e}
                  retrying={retry.isPending && retry.variables === e._id}
                  onRetry={() =>
                    retry.mutate(e._id, {
                      onSuccess: () => {
                        toast.success(t("workflows.executions.retryScheduled"));
                        void query.refetch();
                      },
                      onError: (err) => toast.error(errorMessage(err, t("workflows.executions.retryFailed"))),
                    })
                  }
                />
              ))}
            </ul>
          </>
        )}
      </Card>
      {page && page.pagination.totalPages > 1 && (
        <nav className="mt-4 flex items-center justify-end gap-2" aria-label={t("workflows.pages")}>
          <span className="text-slate-500 text-sm tabular-nums">
            {t("workflows.pageOf", { page: page.pagination.page, pages: page.pagination.totalPages })}
          </span>
          <Button
            size="sm"
            variant="outline"
            aria-label={t("workflows.previousPage")}
            disabled={filters.page <= 1}
            onClick={() => set("page", String(filters.page - 1))}
          >
            <ChevronLeft size={16} aria-hidden className="rtl:rotate-180" />
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={t("workflows.nextPage")}
            disabled={filters.page >= page.pagination.totalPages}
            onClick={() => set("page", String(filters.page + 1))}
          >
            <ChevronRight size={16} aria-hidden className="rtl:rotate-180" />
          </Button>
        </nav>
      )}
    </>
  );
}
