import { Plus, Trash2 } from "lucide-react";
import {
  TIME_UNITS,
  TIMED_TRIGGERS,
  WORKFLOW_ACTIONS,
  WORKFLOW_TRIGGERS,
  type WorkflowAction,
  type WorkflowActionType,
  type WorkflowTrigger,
} from "../../../contract/workflows";
import {
  Button,
  Checkbox,
  ErrorState,
  Field,
  Input,
  Label,
  LoadingState,
  Menu,
  MenuItem,
  Select,
  Textarea,
} from "../../components/ui";
import { t } from "../../lib/i18n";
import { useEventTypes } from "../event-types/queries";
import { CrmForm, EmailForm, SmsForm, WebhookForm } from "./ActionForms";
import { actionLabel, blankAction, type Draft, TRIGGER_HELP, triggerLabel, unitLabel } from "./format";

type Errors = Record<string, string>;

function ActionEditor({
  index,
  action,
  onChange,
  onRemove,
  errors,
}: {
  index: number;
  action: WorkflowAction;
  onChange: (a: WorkflowAction) => void;
  onRemove?: () => void;
  errors: Errors;
}) {
  const path = `actions.${index}`;
  return (
    <div className="rounded-lg border border-slate-200 p-4" data-testid="action-editor">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h4 className="font-medium text-slate-900 text-sm">
          {index + 1}. {actionLabel(action.type)}
        </h4>
        {onRemove && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={t("workflows.form.removeAction", { n: index + 1 })}
          >
            <Trash2 size={16} aria-hidden />
          </Button>
        )}
      </div>
      {action.type === "send_email" && (
        <EmailForm
          path={path}
          config={action.config}
          errors={errors}
          onChange={(config) => onChange({ ...action, config })}
        />
      )}
      {action.type === "webhook" && (
        <WebhookForm
          path={path}
          config={action.config}
          errors={errors}
          onChange={(config) => onChange({ ...action, config })}
        />
      )}
      {action.type === "add_to_crm" && (
        <CrmForm
          path={path}
          config={action.config}
          errors={errors}
          onChange={(config) => onChange({ ...action, config })}
        />
      )}
      {action.type === "send_sms" && (
        <SmsForm
          path={path}
          config={action.config}
          errors={errors}
          onChange={(config) => onChange({ ...action, config })}
        />
      )}
    </div>
  );
}

/** Name, trigger (with its offset), event types and actions of a workflow draft. */
export function WorkflowForm({
  draft,
  onChange,
  errors,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  errors: Errors;
}) {
  const eventTypes = useEventTypes();
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const setTrigger = (patch: Partial<Draft["trigger"]>) => set({ trigger: { ...draft.trigger, ...patch } });
  const timed = TIMED_TRIGGERS.includes(draft.trigger.type);
  const offset = draft.trigger.conditions.timeOffset ?? { value: 1, unit: "hours" as const };
  const chooseTrigger = (type: WorkflowTrigger) =>
    setTrigger({
      type,
      conditions: TIMED_TRIGGERS.includes(type)
        ? { timeOffset: draft.trigger.conditions.timeOffset ?? { value: 1, unit: "hours" } }
        : {},
    });
  const toggleType = (id: string, on: boolean) =>
    setTrigger({
      eventTypes: on ? [...draft.trigger.eventTypes, id] : draft.trigger.eventTypes.filter((x) => x !== id),
    });
  const setAction = (i: number, a: WorkflowAction) =>
    set({ actions: draft.actions.map((x, j) => (j === i ? a : x)) });

  return (
    <div className="grid gap-5">
      <Field label={t("workflows.form.name")} htmlFor="workflow-name" required error={errors.name}>
        <Input
          id="workflow-name"
          value={draft.name}
          maxLength={120}
          aria-required
          invalid={!!errors.name}
          onChange={(e) => set({ name: e.target.value })}
          placeholder={t("workflows.form.namePlaceholder")}
        />
      </Field>
      <Field
        label={t("workflows.form.description")}
        htmlFor="workflow-description"
        error={errors.description}
      >
        <Textarea
          id="workflow-description"
          rows={2}
          value={draft.description}
          maxLength={500}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Field>

      <section className="grid gap-4" aria-labelledby="trigger-heading">
        <h3 id="trigger-heading" className="font-semibold text-slate-900 text-sm">
          {t("workflows.form.trigger")}
        </h3>
        <Field
          label={t("workflows.form.when")}
          htmlFor="workflow-trigger"
          hint={t(TRIGGER_HELP[draft.trigger.type])}
          error={errors["trigger.type"]}
        >
          <Select
            id="workflow-trigger"
            value={draft.trigger.type}
            onChange={(e) => chooseTrigger(e.target.value as WorkflowTrigger)}
          >
            {WORKFLOW_TRIGGERS.map((trigger) => (
              <option key={trigger} value={trigger}>
                {triggerLabel(trigger)}
              </option>
            ))}
          </Select>
        </Field>
        {timed && (
          <div className="grid grid-cols-[6rem_1fr] gap-2 sm:max-w-sm">
            <Field
              label={t("workflows.form.time")}
              htmlFor="workflow-offset"
              error={errors["trigger.conditions.timeOffset"] ?? errors["trigger.conditions.timeOffset.value"]}
            >
              <Input
                id="workflow-offset"
                type="number"
                min={0}
                inputMode="numeric"
                value={String(offset.value)}
                onChange={(e) =>
                  setTrigger({
                    conditions: {
                      timeOffset: { ...offset, value: Math.max(0, Math.trunc(Number(e.target.value) || 0)) },
                    },
                  })
                }
              />
            </Field>
            <Field
              label={t(
                draft.trigger.type === "before_event" ? "workflows.form.before" : "workflows.form.after",
              )}
              htmlFor="workflow-offset-unit"
            >
              <Select
                id="workflow-offset-unit"
                value={offset.unit}
                onChange={(e) =>
                  setTrigger({
                    conditions: {
                      timeOffset: { ...offset, unit: e.target.value as (typeof TIME_UNITS)[number] },
                    },
                  })
                }
              >
                {TIME_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {unitLabel(u)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        )}
        <fieldset>
          <legend className="font-medium text-slate-700 text-sm">{t("workflows.form.eventTypes")}</legend>
          <p className="mb-2 text-slate-500 text-sm">{t("workflows.form.noneMeansAll")}</p>
          {eventTypes.isLoading ? (
            <LoadingState
              label={t("workflows.form.loadingTypes")}
              rowClassName="h-5"
              className="grid gap-2 sm:grid-cols-2"
            />
          ) : eventTypes.isError ? (
            <ErrorState variant="inline" title={t("workflows.form.typesFailed")} query={eventTypes} />
          ) : (eventTypes.data ?? []).length === 0 ? (
            <p className="text-slate-500 text-sm">{t("workflows.form.noTypes")}</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {(eventTypes.data ?? []).map((et) => (
                <li key={et._id} className="flex items-center gap-2">
                  <Checkbox
                    id={`et-${et._id}`}
                    checked={draft.trigger.eventTypes.includes(et._id)}
                    onCheckedChange={(v) => toggleType(et._id, v === true)}
                  />
                  <Label htmlFor={`et-${et._id}`} className="font-normal">
                    {et.title}
                  </Label>
                </li>
              ))}
            </ul>
          )}
          {errors["trigger.eventTypes"] && (
            <p role="alert" className="mt-1 text-red-600 text-sm">
              {errors["trigger.eventTypes"]}
            </p>
          )}
        </fieldset>
      </section>

      <section className="grid gap-3" aria-labelledby="actions-heading">
        <div className="flex items-center justify-between">
          <h3 id="actions-heading" className="font-semibold text-slate-900 text-sm">
            {t("workflows.form.actions")}
          </h3>
          <Menu
            trigger={
              <Button type="button" variant="outline" size="sm" disabled={draft.actions.length >= 10}>
                <Plus size={14} aria-hidden /> {t("workflows.form.addAction")}
              </Button>
            }
          >
            {WORKFLOW_ACTIONS.map((type: WorkflowActionType) => (
              <MenuItem key={type} onSelect={() => set({ actions: [...draft.actions, blankAction(type)] })}>
                {actionLabel(type)}
              </MenuItem>
            ))}
          </Menu>
        </div>
        {errors.actions && (
          <p role="alert" className="text-red-600 text-sm">
            {errors.actions}
          </p>
        )}
        {draft.actions.map((a, i) => (
          <ActionEditor
            // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; position is their identity
            key={i}
            index={i}
            action={a}
            errors={errors}
            onChange={(next) => setAction(i, next)}
            onRemove={() => set({ actions: draft.actions.filter((_, j) => j !== i) })}
          />
        ))}
      </section>
    </div>
  );
}
