import { Plus, X } from "lucide-react";
import {
  CONTACT_STAGES,
  CRM_FIELDS,
  type CrmConfig,
  type EmailConfig,
  RECIPIENTS,
  type SmsConfig,
  WEBHOOK_METHODS,
  type WebhookConfig,
} from "../../../contract/workflows";
import { Button, Field, Input, Select } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { STAGE_LABELS } from "./format";
import { VariableField } from "./VariableField";

type Errors = Record<string, string>;
interface FormProps<C> {
  /** Prefix of element ids and of error paths, e.g. "actions.0". */
  path: string;
  config: C;
  onChange: (config: C) => void;
  errors: Errors;
}

const RECIPIENT_LABELS: Record<(typeof RECIPIENTS)[number], AppMessageId> = {
  attendee: "workflows.recipient.attendee",
  host: "workflows.recipient.host",
  both: "workflows.recipient.both",
};
/** Examples typed as code: they read the same in every language. */
const EXAMPLES = {
  url: "https://example.com/hooks/kairos",
  header: "X-Api-Key",
  body: '{"name": "{{attendee_name}}"}',
  mapping: "{{event_name}}",
};
const idOf = (path: string, field: string) => `${path}.config.${field}`.replace(/\./g, "-");
const err = (errors: Errors, path: string, field: string) => errors[`${path}.config.${field}`];

function RecipientSelect({
  path,
  value,
  onChange,
}: {
  path: string;
  value: string;
  onChange: (v: "attendee" | "host" | "both") => void;
}) {
  const id = idOf(path, "to");
  return (
    <Field label={t("workflows.form.recipient")} htmlFor={id}>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as "attendee" | "host" | "both")}
      >
        {RECIPIENTS.map((r) => (
          <option key={r} value={r}>
            {t(RECIPIENT_LABELS[r])}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function EmailForm({ path, config, onChange, errors }: FormProps<EmailConfig>) {
  const set = (patch: Partial<EmailConfig>) => onChange({ ...config, ...patch });
  return (
    <div className="grid gap-4">
      <RecipientSelect path={path} value={config.to} onChange={(to) => set({ to })} />
      <VariableField
        id={idOf(path, "subject")}
        label={t("workflows.form.subject")}
        required
        value={config.subject}
        onChange={(subject) => set({ subject })}
        error={err(errors, path, "subject")}
      />
      <VariableField
        id={idOf(path, "body")}
        label={t("workflows.form.body")}
        required
        multiline
        value={config.body}
        onChange={(body) => set({ body })}
        error={err(errors, path, "body")}
        hint={t("workflows.form.bodyHint")}
      />
    </div>
  );
}

export function SmsForm({ path, config, onChange, errors }: FormProps<SmsConfig>) {
  const set = (patch: Partial<SmsConfig>) => onChange({ ...config, ...patch });
  const phoneId = idOf(path, "hostPhone");
  return (
    <div className="grid gap-4">
      <RecipientSelect path={path} value={config.to} onChange={(to) => set({ to })} />
      <Field
        label={t("workflows.form.mobile")}
        htmlFor={phoneId}
        hint={t("workflows.form.mobileHint")}
        error={err(errors, path, "hostPhone")}
      >
        <Input
          id={phoneId}
          type="tel"
          value={config.hostPhone}
          placeholder="+14155550123"
          onChange={(e) => set({ hostPhone: e.target.value })}
        />
      </Field>
      <VariableField
        id={idOf(path, "message")}
        label={t("workflows.form.text")}
        required
        multiline
        value={config.message}
        onChange={(message) => set({ message })}
        error={err(errors, path, "message")}
        hint={t("workflows.form.characters", { count: config.message.length })}
      />
    </div>
  );
}

export function WebhookForm({ path, config, onChange, errors }: FormProps<WebhookConfig>) {
  const set = (patch: Partial<WebhookConfig>) => onChange({ ...config, ...patch });
  const urlId = idOf(path, "url");
  const methodId = idOf(path, "method");
  const setHeader = (i: number, patch: Partial<{ key: string; value: string }>) =>
    set({ headers: config.headers.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field
          label={t("workflows.form.url")}
          htmlFor={urlId}
          required
          error={err(errors, path, "url")}
          hint={t("workflows.form.urlHint")}
        >
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            value={config.url}
            placeholder={EXAMPLES.url}
            aria-required
            onChange={(e) => set({ url: e.target.value })}
            invalid={!!err(errors, path, "url")}
          />
        </Field>
        <Field label={t("workflows.form.method")} htmlFor={methodId}>
          <Select
            id={methodId}
            value={config.method}
            onChange={(e) => set({ method: e.target.value as WebhookConfig["method"] })}
          >
            {WEBHOOK_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </Select>
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-slate-700 text-sm">{t("workflows.form.headers")}</legend>
        {config.headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: header rows have no id; position is their identity
          <div key={i} className="grid grid-cols-[1fr_1fr_auto] gap-2">
            <Input
              aria-label={t("workflows.form.headerName", { n: i + 1 })}
              value={h.key}
              placeholder={EXAMPLES.header}
              onChange={(e) => setHeader(i, { key: e.target.value })}
              invalid={!!errors[`${path}.config.headers.${i}.key`]}
            />
            <Input
              aria-label={t("workflows.form.headerValue", { n: i + 1 })}
              value={h.value}
              onChange={(e) => setHeader(i, { value: e.target.value })}
              invalid={!!errors[`${path}.config.headers.${i}.value`]}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={t("workflows.form.removeHeader", { n: i + 1 })}
              onClick={() => set({ headers: config.headers.filter((_, j) => j !== i) })}
            >
              <X size={16} aria-hidden />
            </Button>
          </div>
        ))}
        {Object.entries(errors)
          .filter(([k]) => k.startsWith(`${path}.config.headers.`))
          .map(([k, v]) => (
            <p key={k} role="alert" className="text-red-600 text-sm">
              {v}
            </p>
          ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => set({ headers: [...config.headers, { key: "", value: "" }] })}
        >
          <Plus size={14} aria-hidden /> {t("workflows.form.addHeader")}
        </Button>
      </fieldset>
      <VariableField
        id={idOf(path, "body")}
        label={t("workflows.form.customBody")}
        multiline
        value={config.body}
        onChange={(body) => set({ body })}
        error={err(errors, path, "body")}
        hint={t("workflows.form.customBodyHint")}
        placeholder={EXAMPLES.body}
      />
    </div>
  );
}

const FIELD_LABELS: Record<(typeof CRM_FIELDS)[number], AppMessageId> = {
  phone: "workflows.crm.phone",
  company: "workflows.crm.company",
  jobTitle: "workflows.crm.jobTitle",
  timezone: "workflows.crm.timezone",
  notes: "workflows.crm.notes",
};

export function CrmForm({ path, config, onChange }: FormProps<CrmConfig>) {
  const set = (patch: Partial<CrmConfig>) => onChange({ ...config, ...patch });
  const stageId = idOf(path, "stage");
  const tagsId = idOf(path, "tags");
  const setRow = (i: number, patch: Partial<CrmConfig["mapping"][number]>) =>
    set({ mapping: config.mapping.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  return (
    <div className="grid gap-4">
      <p className="text-slate-600 text-sm">{t("workflows.crm.intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("workflows.crm.stage")} htmlFor={stageId}>
          <Select
            id={stageId}
            value={config.stage ?? ""}
            onChange={(e) => set({ stage: (e.target.value || undefined) as CrmConfig["stage"] })}
          >
            <option value="">{t("workflows.crm.keep")}</option>
            {CONTACT_STAGES.map((s) => (
              <option key={s} value={s}>
                {t(STAGE_LABELS[s])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("workflows.crm.tags")} htmlFor={tagsId} hint={t("workflows.crm.tagsHint")}>
          <Input
            id={tagsId}
            value={config.tags.join(", ")}
            onChange={(e) =>
              set({
                tags: e.target.value
                  .split(",")
                  .map((tag) => tag.trim())
                  .filter(Boolean),
              })
            }
          />
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-slate-700 text-sm">{t("workflows.crm.mapping")}</legend>
        {config.mapping.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: mapping rows have no id
          <div key={i} className="grid grid-cols-[9rem_1fr_auto] gap-2">
            <Select
              aria-label={t("workflows.crm.mappingField", { n: i + 1 })}
              value={m.field}
              onChange={(e) => setRow(i, { field: e.target.value as (typeof CRM_FIELDS)[number] })}
            >
              {CRM_FIELDS.map((f) => (
                <option key={f} value={f}>
                  {t(FIELD_LABELS[f])}
                </option>
              ))}
            </Select>
            <Input
              aria-label={t("workflows.crm.mappingValue", { n: i + 1 })}
              value={m.value}
              placeholder={EXAMPLES.mapping}
              onChange={(e) => setRow(i, { value: e.target.value })}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={t("workflows.crm.removeMapping", { n: i + 1 })}
              onClick={() => set({ mapping: config.mapping.filter((_, j) => j !== i) })}
            >
              <X size={16} aria-hidden />
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => set({ mapping: [...config.mapping, { field: "notes", value: "" }] })}
        >
          <Plus size={14} aria-hidden /> {t("workflows.crm.addField")}
        </Button>
      </fieldset>
    </div>
  );
}
