import { MessageSquarePlus, Plus, Trash2 } from "lucide-react";
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from "react-hook-form";
import { QUESTION_TYPES } from "../../../contract/event-types";
import { Button, Checkbox, Input, Select, Textarea } from "../../components/ui";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { localizeText } from "../../lib/server-text";
import type { EditFormInput } from "./forms";

const TYPE_LABELS: Record<(typeof QUESTION_TYPES)[number], AppMessageId> = {
  text: "eventTypes.questions.text",
  textarea: "eventTypes.questions.textarea",
  phone: "eventTypes.location.phoneNumber",
  select: "eventTypes.questions.select",
  radio: "eventTypes.questions.radio",
  checkbox: "eventTypes.questions.checkbox",
};
const CHOICE_TYPES = new Set(["select", "radio", "checkbox"]);
export const MAX_QUESTIONS = 30;

/** Custom questions invitees answer when booking (name and email are always asked). */
export function QuestionsField({
  control,
  register,
  errors,
}: {
  control: Control<EditFormInput>;
  register: UseFormRegister<EditFormInput>;
  errors: FieldErrors<EditFormInput>;
}) {
  // keyName: the questions carry their own `id`, which must survive the round trip.
  const { fields, append, remove } = useFieldArray({ control, name: "questions", keyName: "key" });
  const questions = useWatch({ control, name: "questions" }) ?? [];

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 block font-medium text-slate-800 text-sm">
        {t("eventTypes.questions.legend")}
      </legend>
      <p className="-mt-1 text-[13px] text-slate-500">{t("eventTypes.questions.hint")}</p>
      {fields.length === 0 && (
        <div className="flex items-center gap-3 rounded-lg border border-slate-300 border-dashed px-3 py-3 text-slate-500 text-sm">
          <MessageSquarePlus size={18} className="shrink-0 text-slate-500" aria-hidden />
          {t("eventTypes.questions.none")}
        </div>
      )}
      <ol className="flex flex-col gap-3">
        {fields.map((f, i) => {
          const e = errors.questions?.[i];
          const type = questions[i]?.type ?? "text";
          const n = i + 1;
          return (
            <li key={f.key} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={`question-${i}`} className="sr-only">
                    {t("eventTypes.questions.label", { n })}
                  </label>
                  <Input
                    id={`question-${i}`}
                    placeholder={t("eventTypes.questions.placeholder", { n })}
                    invalid={!!e?.question}
                    aria-describedby={e?.question ? `question-${i}-error` : undefined}
                    {...register(`questions.${i}.question`)}
                  />
                  {e?.question && (
                    <p id={`question-${i}-error`} role="alert" className="mt-1 text-[13px] text-red-600">
                      {localizeText(e.question.message ?? "")}
                    </p>
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-10 px-2.5 text-slate-500 hover:text-red-600"
                  aria-label={t("eventTypes.questions.remove", { n })}
                  onClick={() => remove(i)}
                >
                  <Trash2 size={16} aria-hidden />
                </Button>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                <label htmlFor={`question-${i}-type`} className="sr-only">
                  {t("eventTypes.questions.typeLabel", { n })}
                </label>
                <Select
                  id={`question-${i}-type`}
                  wrapperClassName="w-44"
                  {...register(`questions.${i}.type`)}
                >
                  {QUESTION_TYPES.map((qt) => (
                    <option key={qt} value={qt}>
                      {t(TYPE_LABELS[qt])}
                    </option>
                  ))}
                </Select>
                <Controller
                  control={control}
                  name={`questions.${i}.required`}
                  render={({ field }) => (
                    <span className="flex items-center gap-2">
                      <Checkbox
                        id={`question-${i}-required`}
                        checked={!!field.value}
                        onCheckedChange={(v) => field.onChange(v === true)}
                      />
                      <label htmlFor={`question-${i}-required`} className="text-slate-700 text-sm">
                        {t("eventTypes.questions.required")}
                      </label>
                    </span>
                  )}
                />
              </div>
              {CHOICE_TYPES.has(type) && (
                <Controller
                  control={control}
                  name={`questions.${i}.options`}
                  render={({ field, fieldState }) => (
                    <div className="mt-2 flex flex-col gap-1">
                      <label htmlFor={`question-${i}-options`} className="text-slate-600 text-xs">
                        {t("eventTypes.questions.choices")}
                      </label>
                      <Textarea
                        id={`question-${i}-options`}
                        rows={3}
                        value={(field.value ?? []).join("\n")}
                        // Blank lines are kept while typing and dropped on save (see forms.ts).
                        onChange={(ev) => field.onChange(ev.target.value.split("\n"))}
                        onBlur={field.onBlur}
                        invalid={!!fieldState.error}
                      />
                      {fieldState.error && (
                        <p role="alert" className="text-[13px] text-red-600">
                          {localizeText(fieldState.error.message ?? "")}
                        </p>
                      )}
                    </div>
                  )}
                />
              )}
            </li>
          );
        })}
      </ol>
      {fields.length < MAX_QUESTIONS && (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => append({ question: "", type: "text", required: false }, { shouldFocus: true })}
          >
            <Plus size={14} aria-hidden /> {t("eventTypes.questions.add")}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
