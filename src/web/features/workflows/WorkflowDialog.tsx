import { ArrowLeft, Bell, Copy, FilePlus2, Mail, Reply, UserPlus, Webhook } from "lucide-react";
import { useState } from "react";
import { type WorkflowDto, type WorkflowTemplate, workflowBody } from "../../../contract/workflows";
import { Button, Dialog, DialogContent, DialogFooter, Input, Skeleton, toast } from "../../components/ui";
import { ApiError, errorMessage } from "../../lib/api";
import { type Draft, draftOf, emptyDraft } from "./format";
import { Preview } from "./Preview";
import { useSaveWorkflow, useTemplates } from "./queries";
import { WorkflowForm } from "./WorkflowForm";

export type WorkflowDialogMode =
  | { kind: "create" }
  | { kind: "edit"; workflow: WorkflowDto }
  | { kind: "duplicate"; draft: Draft };

const TEMPLATE_ICONS: Record<string, typeof Mail> = {
  "welcome-email": Mail,
  "meeting-reminder": Bell,
  "follow-up": Reply,
  "webhook-notification": Webhook,
  "add-to-crm": UserPlus,
};

/** zod's issues as "path": "message", the shape the server's per-field errors have. */
function clientErrors(draft: Draft): Record<string, string> {
  const parsed = workflowBody.safeParse(draft);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

/** Steps: template, then configure (from a template) or custom (from scratch); Back returns to template. */
export function WorkflowDialog({ mode, onClose }: { mode: WorkflowDialogMode; onClose: () => void }) {
  const [step, setStep] = useState<"template" | "configure" | "custom">(
    mode.kind === "create" ? "template" : "configure",
  );
  const [draft, setDraft] = useState<Draft>(() =>
    mode.kind === "edit" ? draftOf(mode.workflow) : mode.kind === "duplicate" ? mode.draft : emptyDraft(),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const templates = useTemplates(mode.kind === "create");
  const save = useSaveWorkflow();
  const editing = mode.kind === "edit" ? mode.workflow : null;

  const pick = (t: WorkflowTemplate | null) => {
    setDraft(t ? draftOf({ ...t, isActive: true }) : emptyDraft());
    setErrors({});
    setStep(t ? "configure" : "custom");
  };

  const submit = () => {
    const found = clientErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    save.mutate(
      { id: editing?._id ?? null, body: draft },
      {
        onSuccess: (saved) => {
          toast.success(editing ? "Workflow updated" : "Workflow created");
          // The signing secret is shown once, when a new workflow has a webhook.
          if (!editing && saved.webhookSecret && draft.actions.some((a) => a.type === "webhook")) {
            setSecret(saved.webhookSecret);
          } else {
            onClose();
          }
        },
        onError: (e) => {
          if (e instanceof ApiError && e.errors) setErrors(e.errors);
          toast.error(errorMessage(e, editing ? "Failed to update workflow" : "Failed to create workflow"));
        },
      },
    );
  };

  const canSave = draft.name.trim() !== "" && draft.actions.length > 0 && !save.isPending;
  const title = secret
    ? "Save your signing secret"
    : editing
      ? "Edit workflow"
      : mode.kind === "duplicate"
        ? "Duplicate workflow"
        : step === "template"
          ? "Create workflow"
          : step === "configure"
            ? "Configure workflow"
            : "Custom workflow";

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent
        title={title}
        description={
          secret
            ? "Receivers verify each request with this secret. It is shown only now; you can rotate it later."
            : step === "template"
              ? "Start from a template or build your own."
              : "Choose when it runs and what it does. The preview uses a sample booking."
        }
        widthClassName={step === "template" || secret ? "max-w-2xl" : "max-w-5xl"}
      >
        {secret ? (
          <SecretPanel secret={secret} onDone={onClose} />
        ) : step === "template" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {templates.isLoading
              ? [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-20" />)
              : (templates.data ?? []).map((t) => {
                  const Icon = TEMPLATE_ICONS[t.id] ?? Mail;
                  return (
                    <button
                      key={t.id}
                      type="button"
                      onClick={() => pick(t)}
                      className="flex items-start gap-3 rounded-lg border border-slate-200 p-4 text-left transition-colors hover:border-accent hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-accent"
                    >
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                        <Icon size={18} aria-hidden />
                      </span>
                      <span>
                        <span className="block font-medium text-slate-900 text-sm">{t.name}</span>
                        <span className="block text-slate-500 text-sm">{t.description}</span>
                      </span>
                    </button>
                  );
                })}
            <button
              type="button"
              onClick={() => pick(null)}
              className="flex items-start gap-3 rounded-lg border border-slate-300 border-dashed p-4 text-left transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                <FilePlus2 size={18} aria-hidden />
              </span>
              <span>
                <span className="block font-medium text-slate-900 text-sm">Start from scratch</span>
                <span className="block text-slate-500 text-sm">Pick your own trigger and actions</span>
              </span>
            </button>
            {templates.isError && (
              <p role="alert" className="text-red-600 text-sm sm:col-span-2">
                {errorMessage(templates.error, "Failed to load templates")}
              </p>
            )}
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <WorkflowForm draft={draft} onChange={setDraft} errors={errors} />
              <aside aria-label="Preview" className="lg:sticky lg:top-0 lg:self-start">
                <h3 className="mb-2 font-semibold text-slate-900 text-sm">Preview</h3>
                <Preview actions={draft.actions} trigger={draft.trigger.type} />
              </aside>
            </div>
            <DialogFooter>
              {mode.kind === "create" && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setStep("template")}
                  className="sm:mr-auto"
                >
                  <ArrowLeft size={16} aria-hidden /> Back
                </Button>
              )}
              <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canSave} loading={save.isPending}>
                {editing
                  ? save.isPending
                    ? "Saving..."
                    : "Save Changes"
                  : save.isPending
                    ? "Creating..."
                    : "Create Workflow"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SecretPanel({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div>
      <div className="flex gap-2">
        <Input
          readOnly
          value={secret}
          aria-label="Signing secret"
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.clipboard
              ?.writeText(secret)
              .then(() => toast.success("Copied to clipboard successfully..."))
          }
        >
          <Copy size={16} aria-hidden /> Copy
        </Button>
      </div>
      <p className="mt-3 text-slate-500 text-sm">
        Requests carry <code>webhook-id</code>, <code>webhook-timestamp</code> and{" "}
        <code>webhook-signature</code> headers (Standard Webhooks).
      </p>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
