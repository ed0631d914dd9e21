import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect } from "react";
import type { WorkflowDto } from "../../../contract/workflows";
import { Button, Dialog, DialogClose, DialogContent, DialogFooter, Spinner } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { actionLabel } from "./format";
import { useTestWorkflow } from "./queries";

/** Runs the workflow's test call and shows each action's outcome. */
export function TestResultsDialog({ workflow, onClose }: { workflow: WorkflowDto; onClose: () => void }) {
  const test = useTestWorkflow();
  const { mutate } = test;
  useEffect(() => mutate(workflow._id), [mutate, workflow._id]);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t("workflows.test.title", { name: workflow.name })}
        description={t("workflows.test.description")}
      >
        <div aria-live="polite">
          {test.isPending ? (
            <p className="flex items-center gap-2 text-slate-600 text-sm">
              <Spinner size={16} /> {t("workflows.test.sending")}
            </p>
          ) : test.isError ? (
            <p role="alert" className="text-red-600 text-sm">
              {errorMessage(test.error, t("workflows.test.failed"))}
            </p>
          ) : (
            <ul className="space-y-2">
              {test.data?.map((r) => (
                <li
                  key={r.actionIndex}
                  className="flex items-start gap-2 rounded-lg border border-slate-200 p-3 text-sm"
                >
                  {r.ok ? (
                    <CheckCircle2
                      size={18}
                      className="mt-px shrink-0 text-emerald-600"
                      aria-label={t("workflows.status.sent")}
                    />
                  ) : (
                    <XCircle
                      size={18}
                      className="mt-px shrink-0 text-red-600"
                      aria-label={t("workflows.status.failed")}
                    />
                  )}
                  <span>
                    <span className="font-medium text-slate-900">{actionLabel(r.actionType)}</span>
                    <span className="block text-slate-600">{r.message}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("workflows.close")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
