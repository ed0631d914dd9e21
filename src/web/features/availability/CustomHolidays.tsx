import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { type CustomHoliday, customHolidayBody } from "../../../contract/holidays";
import type { holidaysResponses } from "../../../contract/responses/holidays";
import type { AnswerData } from "../../../contract/responses/shared";
import { Button, ConfirmDialog, DateRangePicker, Field, Input, toast } from "../../components/ui";
import { ApiError, api } from "../../lib/api";
import { t } from "../../lib/i18n";
import { holidayKeys } from "./queries";
import { shortDate } from "./schedule-format";

// The form's values are strings; an empty end date means a single day.
const form = z.object({
  // Messages as functions: read in the language active when the form is checked.
  name: z
    .string()
    .trim()
    .min(1, { error: () => t("availability.custom.nameRequired") })
    .max(100),
  date: z.string().min(1, { error: () => t("availability.custom.chooseDays") }),
  endDate: z.string(),
});
type Form = z.infer<typeof form>;

export function dateRangeText(date: string, endDate: string | null): string {
  return endDate && endDate !== date ? `${shortDate(date)} – ${shortDate(endDate)}` : shortDate(date);
}

/** Add a named day (or range) off, and remove custom holidays. */
export function CustomHolidays({ holidays, today }: { holidays: CustomHoliday[]; today: string }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<CustomHoliday | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<Form>({
    resolver: zodResolver(form),
    mode: "onBlur",
    defaultValues: { name: "", date: "", endDate: "" },
  });
  const [date, endDate] = watch(["date", "endDate"]);

  const remove = useMutation({
    mutationFn: (id: string) => api.delete<void>(`/holidays/custom/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: holidayKeys.all });
      toast.success(t("availability.custom.removed"));
      setRemoving(null);
    },
    onError: (error) => toast.error(t("availability.custom.removeFailed"), { description: error.message }),
  });

  const add = handleSubmit(async (values) => {
    const body = { name: values.name, date: values.date, endDate: values.endDate || null };
    const parsed = customHolidayBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = (issue.path[0] as keyof Form) ?? "date";
      setError(field, { message: issue.message }, { shouldFocus: field === "name" });
      return;
    }
    try {
      await api.post<AnswerData<typeof holidaysResponses.customAdded>>("/holidays/custom", parsed.data);
      await queryClient.invalidateQueries({ queryKey: holidayKeys.all });
      toast.success(t("availability.custom.added"));
      reset();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors : undefined;
      for (const key of ["name", "date", "endDate"] as const) {
        if (fieldErrors?.[key]) setError(key, { message: fieldErrors[key] }, { shouldFocus: key === "name" });
      }
      toast.error(t("availability.custom.addFailed"), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  });

  return (
    <div>
      <form onSubmit={add} noValidate className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t("availability.custom.name")}
          htmlFor="custom-name"
          error={errors.name?.message}
          className="sm:col-span-2"
        >
          <Input
            id="custom-name"
            placeholder={t("availability.custom.namePlaceholder")}
            invalid={Boolean(errors.name)}
            {...register("name")}
          />
        </Field>
        <Field
          label={t("availability.custom.dates")}
          htmlFor="custom-dates"
          error={errors.date?.message ?? errors.endDate?.message}
          className="sm:col-span-2"
        >
          {/* One day, or a range: the same-day pick stores the start alone (a single-day holiday). */}
          <DateRangePicker
            id="custom-dates"
            value={{ start: date || undefined, end: endDate || undefined }}
            onChange={(range) => {
              setValue("date", range.start ?? "", { shouldValidate: isSubmitted });
              setValue("endDate", range.end ?? "", { shouldValidate: isSubmitted });
            }}
            today={today}
            invalid={Boolean(errors.date ?? errors.endDate)}
            aria-describedby={errors.date || errors.endDate ? "custom-dates-error" : undefined}
          />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" variant="outline" loading={isSubmitting}>
            {isSubmitting ? t("availability.custom.adding") : t("availability.custom.add")}
          </Button>
        </div>
      </form>
      {holidays.length === 0 ? (
        <p className="mt-4 text-slate-500 text-sm">{t("availability.custom.none")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 border-slate-100 border-t">
          {holidays.map((h) => (
            <li key={h._id} className="flex items-center gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900 text-sm">{h.name}</p>
                <p className="tabular text-[13px] text-slate-500">{dateRangeText(h.date, h.endDate)}</p>
              </div>
              <button
                type="button"
                onClick={() => setRemoving(h)}
                aria-label={t("availability.custom.deleteLabel", { name: h.name })}
                className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-600"
              >
                <Trash2 size={15} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("availability.custom.deleteTitle")}
        description={removing ? t("availability.custom.deleteText", { name: removing.name }) : undefined}
        confirmLabel={t("availability.confirmDelete")}
        busyLabel={t("availability.deleting")}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing._id)}
      />
    </div>
  );
}
