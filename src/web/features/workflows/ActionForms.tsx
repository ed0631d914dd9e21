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
import { VariableField } from "./VariableField";

type Errors = Record<string, string>;
interface FormProps<C> {
  /** Prefix of element ids and of error paths, e.g. "actions.0". */
  path: string;
  config: C;
  onChange: (config: C) => void;
  errors: Errors;
}

const RECIPIENT_LABELS = { attendee: "Attendee", host: "Host (you)", both: "Attendee and host" } as const;
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
    <Field label="Recipient" htmlFor={id}>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as "attendee" | "host" | "both")}
      >
        {RECIPIENTS.map((r) => (
          <option key={r} value={r}>
            {RECIPIENT_LABELS[r]}
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
        label="Subject"
        required
        value={config.subject}
        onChange={(subject) => set({ subject })}
        error={err(errors, path, "subject")}
      />
      <VariableField
        id={idOf(path, "body")}
        label="Body"
        required
        multiline
        value={config.body}
        onChange={(body) => set({ body })}
        error={err(errors, path, "body")}
        hint="Times show in each recipient's own timezone."
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
        label="Your mobile number"
        htmlFor={phoneId}
        hint="E.164, e.g. +14155550123. Texts to you and test messages go here."
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
        label="Text"
        required
        multiline
        value={config.message}
        onChange={(message) => set({ message })}
        error={err(errors, path, "message")}
        hint={`${config.message.length} / 1600 characters`}
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
          label="URL"
          htmlFor={urlId}
          required
          error={err(errors, path, "url")}
          hint="Requests are signed (Standard Webhooks); private and local addresses are refused."
        >
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            value={config.url}
            placeholder="https://example.com/hooks/kairos"
            aria-required
            onChange={(e) => set({ url: e.target.value })}
            invalid={!!err(errors, path, "url")}
          />
        </Field>
        <Field label="Method" htmlFor={methodId}>
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
        <legend className="mb-1 font-medium text-slate-700 text-sm">Headers</legend>
        {config.headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: header rows have no id; position is their identity
          <div key={i} className="grid grid-cols-[1fr_1fr_auto] gap-2">
            <Input
              aria-label={`Header ${i + 1} name`}
              value={h.key}
              placeholder="X-Api-Key"
              onChange={(e) => setHeader(i, { key: e.target.value })}
              invalid={!!errors[`${path}.config.headers.${i}.key`]}
            />
            <Input
              aria-label={`Header ${i + 1} value`}
              value={h.value}
              onChange={(e) => setHeader(i, { value: e.target.value })}
              invalid={!!errors[`${path}.config.headers.${i}.value`]}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove header ${i + 1}`}
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
          <Plus size={14} aria-hidden /> Add header
        </Button>
      </fieldset>
      <VariableField
        id={idOf(path, "body")}
        label="Custom body (optional)"
        multiline
        value={config.body}
        onChange={(body) => set({ body })}
        error={err(errors, path, "body")}
        hint="Leave empty to send the standard JSON payload with the booking."
        placeholder='{"name": "{{attendee_name}}"}'
      />
    </div>
  );
}

const FIELD_LABELS: Record<(typeof CRM_FIELDS)[number], string> = {
  phone: "Phone",
  company: "Company",
  jobTitle: "Job title",
  timezone: "Timezone",
  notes: "Notes",
};

export function CrmForm({ path, config, onChange }: FormProps<CrmConfig>) {
  const set = (patch: Partial<CrmConfig>) => onChange({ ...config, ...patch });
  const stageId = idOf(path, "stage");
  const tagsId = idOf(path, "tags");
  const setRow = (i: number, patch: Partial<CrmConfig["mapping"][number]>) =>
    set({ mapping: config.mapping.map((m, j) => (j === i ? { ...m, ...patch } : m)) });
  return (
    <div className="grid gap-4">
      <p className="text-slate-600 text-sm">
        Creates or updates the attendee in Contacts (matched by email).
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Relationship stage" htmlFor={stageId}>
          <Select
            id={stageId}
            value={config.stage ?? ""}
            onChange={(e) => set({ stage: (e.target.value || undefined) as CrmConfig["stage"] })}
          >
            <option value="">Keep as is</option>
            {CONTACT_STAGES.map((s) => (
              <option key={s} value={s}>
                {s.charAt(0).toUpperCase() + s.slice(1)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Tags" htmlFor={tagsId} hint="Comma separated">
          <Input
            id={tagsId}
            value={config.tags.join(", ")}
            onChange={(e) =>
              set({
                tags: e.target.value
                  .split(",")
                  .map((t) => t.trim())
                  .filter(Boolean),
              })
            }
          />
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-slate-700 text-sm">Field mapping</legend>
        {config.mapping.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: mapping rows have no id
          <div key={i} className="grid grid-cols-[9rem_1fr_auto] gap-2">
            <Select
              aria-label={`Mapping ${i + 1} field`}
              value={m.field}
              onChange={(e) => setRow(i, { field: e.target.value as (typeof CRM_FIELDS)[number] })}
            >
              {CRM_FIELDS.map((f) => (
                <option key={f} value={f}>
                  {FIELD_LABELS[f]}
                </option>
              ))}
            </Select>
            <Input
              aria-label={`Mapping ${i + 1} value`}
              value={m.value}
              placeholder="{{event_name}}"
              onChange={(e) => setRow(i, { value: e.target.value })}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`Remove mapping ${i + 1}`}
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
          <Plus size={14} aria-hidden /> Add field
        </Button>
      </fieldset>
    </div>
  );
}
