import { Braces } from "lucide-react";
import { useRef } from "react";
import { TEMPLATE_VARIABLES, type TemplateVariable } from "../../../contract/workflows";
import { Button, Field, Input, Menu, MenuItem, MenuLabel, Textarea } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";

/** The variables' names in the app's language (the contract's English labels, by variable). */
const VARIABLE_LABELS: Record<TemplateVariable, AppMessageId> = {
  attendee_name: "workflows.variable.attendeeName",
  attendee_email: "workflows.variable.attendeeEmail",
  attendee_phone: "workflows.variable.attendeePhone",
  event_name: "workflows.variable.eventName",
  event_date: "workflows.variable.eventDate",
  start_time: "workflows.variable.startTime",
  event_time: "workflows.variable.eventTime",
  end_time: "workflows.variable.endTime",
  timezone: "workflows.variable.timezone",
  meeting_link: "workflows.variable.meetingLink",
  location: "workflows.variable.location",
  host_name: "workflows.variable.hostName",
  host_email: "workflows.variable.hostEmail",
  cancel_link: "workflows.variable.cancelLink",
  reschedule_link: "workflows.variable.rescheduleLink",
  cancel_reason: "workflows.variable.cancelReason",
};

/**
 * A text field for a template, with an "Insert variable" picker that puts `{{name}}` at the cursor
 * (or over the selection) and keeps focus in the field.
 */
export function VariableField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  multiline = false,
  required = false,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  multiline?: boolean;
  required?: boolean;
  placeholder?: string;
}) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const insert = (name: string) => {
    const el = ref.current;
    const token = `{{${name}}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    // After React writes the new value: caret after the inserted variable.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  const common = {
    id,
    ref,
    value,
    placeholder,
    invalid: !!error,
    "aria-required": required || undefined,
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <div className="relative">
      <Field label={label} htmlFor={id} error={error} hint={hint} required={required}>
        {multiline ? <Textarea rows={6} {...common} /> : <Input {...common} />}
      </Field>
      <div className="absolute end-0 top-[-6px]">
        <Menu
          trigger={
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs"
              aria-label={t("workflows.variable.into", { label })}
            >
              <Braces size={14} aria-hidden /> {t("workflows.variable.button")}
            </Button>
          }
          className="max-h-72 overflow-y-auto"
        >
          <MenuLabel>{t("workflows.variable.insert")}</MenuLabel>
          {TEMPLATE_VARIABLES.map((v) => (
            <MenuItem key={v.name} onSelect={() => insert(v.name)}>
              <span className="flex-1">{t(VARIABLE_LABELS[v.name])}</span>
              <code className="text-slate-400 text-xs">{`{{${v.name}}}`}</code>
            </MenuItem>
          ))}
        </Menu>
      </div>
    </div>
  );
}
