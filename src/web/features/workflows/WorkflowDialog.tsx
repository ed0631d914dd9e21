import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Bell, Copy, FilePlus2, Mail, Reply, UserPlus, Webhook } from "lucide-react";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import { type WorkflowDto, type WorkflowTemplate, workflowBody } from "../../../contract/workflows";
import {
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  ErrorState,
  Input,
  Skeleton,
  toast,
} from "../../components/ui";
import { ApiError, errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { flattenErrors } from "../../lib/formErrors";
import { t } from "../../lib/i18n";
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

/**
 * The product's templates' names and descriptions in the app's language, also when the host chose none (the
 * server then answers English; with a choice it answers the same words, mail/<locale>.json workflowTemplate.*).
 */
const TEMPLATE_TEXTS: Record<string, [AppMessageId, AppMessageId]> = {
  "welcome-email": ["workflows.template.welcome", "workflows.template.welcomeText"],
  "meeting-reminder": ["workflows.template.reminder", "workflows.template.reminderText"],
  "follow-up": ["workflows.template.followUp", "workflows.template.followUpText"],
  "webhook-notification": ["workflows.template.webhook", "workflows.template.webhookText"],
  "add-to-crm": ["workflows.template.crm", "workflows.template.crmText"],
};

/** Steps: template, then configure (from a template) or custom (from scratch); Back returns to template. */
export function WorkflowDialog({ mode, onClose }: { mode: WorkflowDialogMode; onClose: () => void }) {
  const [step, setStep] = useState<"template" | "configure" | "custom">(
    mode.kind === "create" ? "template" : "configure",
  );
  const initial = (): Draft =>
    mode.kind === "edit" ? draftOf(mode.workflow) : mode.kind === "duplicate" ? mode.draft : emptyDraft();
  // The whole draft lives in the form, checked by the contract's workflowBody. Its parts (trigger, actions)
  // are controlled editors that take the draft and hand back a changed one, so changes land per top-level
  // field and messages reach them as "path": "message", the shape the server's errors have too.
  const form = useForm<Draft, unknown, z.output<typeof workflowBody>>({
    // A draft is the contract's input with every default filled in, so the contract's resolver takes it.
    resolver: zodResolver(workflowBody) as Resolver<Draft, unknown, z.output<typeof workflowBody>>,
    defaultValues: initial(),
  });
  const draft = form.watch();
  const errors = flattenErrors(form.formState.errors);
  const [secret, setSecret] = useState<string | null>(null);
  const templates = useTemplates(mode.kind === "create");
  const save = useSaveWorkflow();
  const editing = mode.kind === "edit" ? mode.workflow : null;

  const setDraft = (next: Draft) => {
    const revalidate = form.formState.isSubmitted;
    for (const key of Object.keys(next) as (keyof Draft)[]) {
      if (next[key] !== draft[key])
        form.setValue(key, next[key], { shouldDirty: true, shouldValidate: revalidate });
    }
  };
  const pick = (template: WorkflowTemplate | null) => {
    form.reset(template ? draftOf({ ...template, isActive: true }) : emptyDraft());
    setStep(template ? "configure" : "custom");
  };

  const submit = form.handleSubmit(
    async (body) => {
      try {
        const saved = await save.mutateAsync({ id: editing?._id ?? null, body });
        toast.success(t(editing ? "workflows.updated" : "workflows.created"));
        // The signing secret is shown once, when a new workflow has a webhook.
        if (!editing && saved.webhookSecret && body.actions.some((a) => a.type === "webhook")) {
          setSecret(saved.webhookSecret);
        } else {
          onClose();
        }
      } catch (e) {
        for (const [path, message] of Object.entries(e instanceof ApiError ? (e.errors ?? {}) : {}))
          form.setError(path as keyof Draft, { message });
        toast.error(errorMessage(e, t(editing ? "workflows.updateFailed" : "workflows.createFailed")));
      }
    },
    // The parts are controlled editors react-hook-form holds no refs of: focus the first marked field.
    () => requestAnimationFrame(() => document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus()),
  );

  const title = t(
    secret
      ? "workflows.dialog.secretTitle"
      : editing
        ? "workflows.dialog.editTitle"
        : mode.kind === "duplicate"
          ? "workflows.dialog.duplicateTitle"
          : step === "template"
            ? "workflows.dialog.createTitle"
            : step === "configure"
              ? "workflows.dialog.configureTitle"
              : "workflows.dialog.customTitle",
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent
        title={title}
        description={t(
          secret
            ? "workflows.dialog.secretText"
            : step === "template"
              ? "workflows.dialog.templateText"
              : "workflows.dialog.formText",
        )}
        widthClassName={step === "template" || secret ? "max-w-2xl" : "max-w-5xl"}
      >
        {secret ? (
          <SecretPanel secret={secret} onDone={onClose} />
        ) : step === "template" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {templates.isLoading
              ? [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-20" />)
              : (templates.data ?? []).map((template) => {
                  const Icon = TEMPLATE_ICONS[template.id] ?? Mail;
                  return (
                    <button
                      key={template.id}
                      type="button"
                      onClick={() => pick(template)}
                      className="flex items-start gap-3 rounded-lg border border-slate-200 p-4 text-start transition-colors hover:border-accent hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-accent"
                    >
                      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                        <Icon size={18} aria-hidden />
                      </span>
                      <span>
                        <span className="block font-medium text-slate-900 text-sm">
                          {TEMPLATE_TEXTS[template.id] ? t(TEMPLATE_TEXTS[template.id][0]) : template.name}
                        </span>
                        <span className="block text-slate-500 text-sm">
                          {TEMPLATE_TEXTS[template.id]
                            ? t(TEMPLATE_TEXTS[template.id][1])
                            : template.description}
                        </span>
                      </span>
                    </button>
                  );
                })}
            <button
              type="button"
              onClick={() => pick(null)}
              className="flex items-start gap-3 rounded-lg border border-slate-300 border-dashed p-4 text-start transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
                <FilePlus2 size={18} aria-hidden />
              </span>
              <span>
                <span className="block font-medium text-slate-900 text-sm">
                  {t("workflows.dialog.scratch")}
                </span>
                <span className="block text-slate-500 text-sm">{t("workflows.dialog.scratchText")}</span>
              </span>
            </button>
            {templates.isError && (
              <ErrorState
                variant="inline"
                title={t("workflows.dialog.templatesFailed")}
                query={templates}
                className="sm:col-span-2"
              />
            )}
          </div>
        ) : (
          <form noValidate onSubmit={submit}>
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <WorkflowForm draft={draft} onChange={setDraft} errors={errors} />
              <aside aria-label={t("workflows.dialog.preview")} className="lg:sticky lg:top-0 lg:self-start">
                <h3 className="mb-2 font-semibold text-slate-900 text-sm">{t("workflows.dialog.preview")}</h3>
                <Preview actions={draft.actions} trigger={draft.trigger.type} />
              </aside>
            </div>
            <DialogFooter>
              {mode.kind === "create" && (
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => setStep("template")}
                  className="sm:me-auto"
                >
                  <ArrowLeft size={16} aria-hidden className="rtl:rotate-180" /> {t("workflows.back")}
                </Button>
              )}
              <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
                {t("workflows.cancel")}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t(
                  editing
                    ? save.isPending
                      ? "workflows.saving"
                      : "workflows.saveChanges"
                    : save.isPending
                      ? "workflows.creating"
                      : "workflows.create",
                )}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Header names are code: the same in every language. */
const SIGNATURE_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"] as const;

function SecretPanel({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div>
      <div className="flex gap-2">
        <Input
          readOnly
          value={secret}
          aria-label={t("workflows.dialog.secret")}
          className="font-mono text-xs"
          onFocus={(e) => e.target.select()}
        />
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.clipboard?.writeText(secret).then(() => toast.success(t("workflows.copied")))
          }
        >
          <Copy size={16} aria-hidden /> {t("workflows.copy")}
        </Button>
      </div>
      <p className="mt-3 text-slate-500 text-sm">
        {t("workflows.dialog.headersBefore")} <code>{SIGNATURE_HEADERS[0]}</code>,{" "}
        <code>{SIGNATURE_HEADERS[1]}</code> {t("workflows.dialog.headersAnd")}{" "}
        <code>{SIGNATURE_HEADERS[2]}</code> {t("workflows.dialog.headersAfter")}
      </p>
      <DialogFooter>
        <Button onClick={onDone}>{t("workflows.done")}</Button>
      </DialogFooter>
    </div>
  );
}
