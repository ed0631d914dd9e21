import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { createScheduleBody } from "../../../contract/availability";
import { Button, Dialog, DialogContent, DialogFooter, Field, Input } from "../../components/ui";
import { ApiError } from "../../lib/api";
import { t } from "../../lib/i18n";

const nameForm = z.object({ name: createScheduleBody.shape.name });
type NameForm = z.infer<typeof nameForm>;

export interface ScheduleNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: "create" | "rename";
  initialName?: string;
  /** Resolves when saved; throws ApiError to show the server's message on the field. */
  onSubmit: (name: string) => Promise<void>;
}

/** Name a new schedule, or rename one. */
export function ScheduleNameDialog({
  open,
  onOpenChange,
  mode,
  initialName = "",
  onSubmit,
}: ScheduleNameDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NameForm>({
    resolver: zodResolver(nameForm),
    mode: "onBlur",
    defaultValues: { name: initialName },
  });

  useEffect(() => {
    if (open) reset({ name: initialName });
  }, [open, initialName, reset]);

  const submit = handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      onOpenChange(false);
    } catch (error) {
      const message =
        (error instanceof ApiError && error.errors?.name) ||
        (error instanceof Error ? error.message : t("availability.name.error"));
      setError("name", { message }, { shouldFocus: true });
    }
  });

  const creating = mode === "create";
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent
        title={creating ? t("availability.name.newTitle") : t("availability.name.renameTitle")}
        description={creating ? t("availability.name.newHint") : undefined}
        widthClassName="max-w-md"
      >
        <form onSubmit={submit} noValidate>
          <Field label={t("availability.name.label")} htmlFor="schedule-name" error={errors.name?.message}>
            <Input
              id="schedule-name"
              autoFocus
              placeholder={t("availability.name.placeholder")}
              maxLength={100}
              invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? "schedule-name-error" : undefined}
              {...register("name")}
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              {t("availability.cancel")}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {creating
                ? isSubmitting
                  ? t("availability.name.creating")
                  : t("availability.name.create")
                : isSubmitting
                  ? t("availability.name.saving")
                  : t("availability.name.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
