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
    onDuplicate: (w) => setDialog({ kind: "duplicate", draft: { ...draftOf(w), name: `${w.name} (copy)` } }),
    onExecutions: (w) => navigate(`/workflows/${w._id}/executions`),
    onToggle: (w) =>
      toggle.mutate(w._id, {
        onSuccess: (next) => toast.success(next.isActive ? "Workflow activated" : "Workflow paused"),
        onError: (e) => toast.error(errorMessage(e, "Failed to update workflow")),
      }),
    onDelete: setDeleting,
    onTest: setTesting,
  };
  const create = () => setDialog({ kind: "create" });

  return (
    <>
      <PageHeader
        title="Workflows"
        subtitle="Automate your scheduling process with custom workflows"
        action={
          <Button onClick={create}>
            <Plus size={16} aria-hidden /> Create Workflow
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 sm:gap-3">
        <SearchBox
          label="Search workflows"
          value={search}
          onChange={setSearch}
          onClear={() => setSearch("")}
          maxLength={120}
          // A row of its own on a phone: beside the two controls it would be too narrow to type in.
          className="basis-full sm:basis-auto"
        />
        <Select
          aria-label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
          wrapperClassName="w-36 shrink-0"
        >
          <option value="all">All Status</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </Select>
        <MoreFilters value={more} onChange={setMore} />
      </div>

      <section aria-label="Workflows" aria-busy={query.isLoading}>
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
            <ErrorState title="Failed to load workflows" query={query} />
          </Card>
        ) : shown.length === 0 ? (
          <Card>
            {filtering ? (
              <EmptyState
                icon={SearchX}
                title="No workflows found"
                description="Try adjusting your search or filter criteria"
              />
            ) : (
              <EmptyState
                icon={Workflow}
                title="No workflows yet"
                description="Create your first workflow to automate your scheduling process"
                action={
                  <Button onClick={create}>
                    <Plus size={16} aria-hidden /> Create Your First Workflow
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
        title="Delete workflow?"
        description={
          deleting
            ? `"${deleting.name}" and its history will be deleted; scheduled runs will not be sent.`
            : undefined
        }
        confirmLabel="Yes, delete it!"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success("Workflow deleted");
              setDeleting(null);
            },
            onError: (e) => toast.error(errorMessage(e, "Failed to delete workflow")),
          })
        }
      />
    </>
  );
}
