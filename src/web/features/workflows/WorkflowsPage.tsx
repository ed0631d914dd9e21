import { Plus, SearchX, Workflow } from "lucide-react";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import type { WorkflowDto } from "../../../contract/workflows";
import { PageHeader } from "../../components/layout/PageHeader";
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  SearchBox,
  Select,
  Skeleton,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { draftOf } from "./format";
import { MoreFilters, matchesMoreFilters, NO_MORE_FILTERS } from "./MoreFilters";
import { useDeleteWorkflow, useToggleWorkflow, useWorkflows } from "./queries";
import { TestResultsDialog } from "./TestResultsDialog";
import { WorkflowDialog, type WorkflowDialogMode } from "./WorkflowDialog";
import { type RowHandlers, WorkflowRow } from "./WorkflowRow";

type StatusFilter = "all" | "active" | "inactive";

const matchesAll = (f: typeof NO_MORE_FILTERS) => f.trigger === "all" && f.action === "all";

export default function WorkflowsPage() {
  const navigate = useNavigate();
  const query = useWorkflows();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [more, setMore] = useState(NO_MORE_FILTERS);
  const [dialog, setDialog] = useState<WorkflowDialogMode | null>(null);
  const [deleting, setDeleting] = useState<WorkflowDto | null>(null);
  const [testing, setTesting] = useState<WorkflowDto | null>(null);
  const toggle = useToggleWorkflow();
  const remove = useDeleteWorkflow();

  const all = query.data ?? [];
  const filtering = search.trim() !== "" || status !== "all" || !matchesAll(more);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return all.filter(
      (w) =>
        (status === "all" || w.isActive === (status === "active")) &&
        matchesMoreFilters(w, more) &&
        (!needle || w.name.toLowerCase().includes(needle) || w.description.toLowerCase().includes(needle)),
    );
  }, [all, search, status, more]);

  const handlers: RowHandlers = {
    onEdit: (w) => setDialog({ kind: "edit", workflow: w }),
    onDuplicate: (w) =>
      setDialog({
        kind: "duplicate",
        draft: { ...draftOf(w), name: t("workflows.copyName", { name: w.name }) },
      }),
    onExecutions: (w) => navigate(`/workflows/${w._id}/executions`),
    onToggle: (w) =>
      toggle.mutate(w._id, {
        onSuccess: (next) => toast.success(t(next.isActive ? "workflows.activated" : "workflows.paused")),
        onError: (e) => toast.error(errorMessage(e, t("workflows.updateFailed"))),
      }),
    onDelete: setDeleting,
    onTest: setTesting,
  };
  const create = () => setDialog({ kind: "create" });

  return (
    <>
      <PageHeader
        title={t("workflows.title")}
        subtitle={t("workflows.subtitle")}
        action={
          <Button onClick={create}>
            <Plus size={16} aria-hidden /> {t("workflows.create")}
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 sm:gap-3">
        <SearchBox
          label={t("workflows.search")}
          value={search}
          onChange={setSearch}
          onClear={() => setSearch("")}
          maxLength={120}
          // A row of its own on a phone: beside the two controls it would be too narrow to type in.
          className="basis-full sm:basis-auto"
        />
        <Select
          aria-label={t("workflows.executions.status")}
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
          wrapperClassName="w-36 shrink-0"
        >
          <option value="all">{t("workflows.allStatus")}</option>
          <option value="active">{t("workflows.active")}</option>
          <option value="inactive">{t("workflows.inactive")}</option>
        </Select>
        <MoreFilters value={more} onChange={setMore} />
      </div>

      <section aria-label={t("workflows.title")} aria-busy={query.isLoading}>
        {query.isLoading ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Card key={i} className="p-5">
                <Skeleton className="h-5 w-48" />
                <Skeleton className="mt-3 h-4 w-72" />
                <Skeleton className="mt-3 h-4 w-40" />
              </Card>
            ))}
          </div>
        ) : query.isError ? (
          <Card>
            <ErrorState title={t("workflows.loadFailed")} query={query} />
          </Card>
        ) : shown.length === 0 ? (
          <Card>
            {filtering ? (
              <EmptyState
                icon={SearchX}
                title={t("workflows.noneFound")}
                description={t("workflows.adjust")}
              />
            ) : (
              <EmptyState
                icon={Workflow}
                title={t("workflows.none")}
                description={t("workflows.noneText")}
                action={
                  <Button onClick={create}>
                    <Plus size={16} aria-hidden /> {t("workflows.createFirst")}
                  </Button>
                }
              />
            )}
          </Card>
        ) : (
          <ul className="space-y-3">
            {shown.map((w) => (
              <li key={w._id}>
                <WorkflowRow workflow={w} handlers={handlers} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {dialog && <WorkflowDialog mode={dialog} onClose={() => setDialog(null)} />}
      {testing && <TestResultsDialog workflow={testing} onClose={() => setTesting(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("workflows.deleteTitle")}
        description={deleting ? t("workflows.deleteText", { name: deleting.name }) : undefined}
        confirmLabel={t("workflows.deleteConfirm")}
        busyLabel={t("workflows.deleting")}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success(t("workflows.deleted"));
              setDeleting(null);
            },
            onError: (e) => toast.error(errorMessage(e, t("workflows.deleteFailed"))),
          })
        }
      />
    </>
  );
}
