import type { Question } from "../../../contract/event-types";
import { Field } from "../../components/ui/Field";
import { Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Textarea } from "../../components/ui/Textarea";
import { t } from "../../lib/i18n";

export interface QuestionFieldProps {
  question: Question;
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

function Asterisk({ show }: { show: boolean }) {
  return show ? (
    <span aria-hidden className="ms-0.5 text-red-500">
      *
    </span>
  ) : null;
}

/** One of the event type's custom questions, rendered by its type; the answer is always text. */
export function QuestionField({ question: q, id, value, error, onChange, onBlur }: QuestionFieldProps) {
  const a11y = {
    "aria-invalid": !!error || undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    "aria-required": q.required || undefined,
  };
  const options = q.options ?? [];

  if ((q.type === "radio" || q.type === "checkbox") && options.length > 0) {
    const chosen = q.type === "checkbox" ? splitList(value) : [value];
    const toggle = (option: string, on: boolean) => {
      if (q.type === "radio") return onChange(option);
      const next = on ? [...chosen, option] : chosen.filter((c) => c !== option);
      onChange(options.filter((o) => next.includes(o)).join(", "));
    };
    return (
      <fieldset className="flex flex-col gap-1.5" {...a11y} id={id} tabIndex={-1} onBlur={onBlur}>
        <legend className="mb-1.5 font-medium text-slate-800 text-sm">
          {q.question}
          <Asterisk show={q.required} />
        </legend>
        {options.map((option, i) => (
          <label key={option} className="flex cursor-pointer items-center gap-2.5 text-slate-700 text-sm">
            <input
              type={q.type}
              name={id}
              id={`${id}-${i}`}
              value={option}
              checked={chosen.includes(option)}
              onChange={(e) => toggle(option, e.target.checked)}
              className="size-4 accent-accent"
            />
            {option}
          </label>
        ))}
        <ErrorText id={id} error={error} />
      </fieldset>
    );
  }

  if (q.type === "checkbox") {
    return (
      <div className="flex flex-col gap-1.5">
        <label className="flex cursor-pointer items-start gap-2.5 text-slate-800 text-sm">
          <input
            type="checkbox"
            id={id}
            checked={value === "Yes"}
            onChange={(e) => onChange(e.target.checked ? "Yes" : "")}
            onBlur={onBlur}
            className="mt-0.5 size-4 accent-accent"
            {...a11y}
          />
          <span>
            {q.question}
            <Asterisk show={q.required} />
          </span>
        </label>
        <ErrorText id={id} error={error} />
      </div>
    );
  }

  return (
    <Field label={q.question} required={q.required} htmlFor={id} error={error}>
      {q.type === "textarea" ? (
        <Textarea
          id={id}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          invalid={!!error}
          {...a11y}
        />
      ) : q.type === "select" ? (
        <Select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          invalid={!!error}
          {...a11y}
        >
          <option value="">{t("question.selectOption")}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      ) : (
        <Input
          id={id}
          type={q.type === "phone" ? "tel" : "text"}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          invalid={!!error}
          {...a11y}
        />
      )}
    </Field>
  );
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-red-600 text-sm leading-5">
      {error}
    </p>
  );
}

function splitList(value: string): string[] {
  return value ? value.split(", ") : [];
}
