import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { createScheduleBody } from "../../../contract/availability";
import { Button, Dialog, DialogContent, DialogFooter, Field, Input } from "../../components/ui";
import { ApiError } from "../../lib/api";

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
        (error instanceof Error ? error.message : "Something went wrong");
      setError("name", { message }, { shouldFocus: true });
    }
  });

  const creating = mode === "create";
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent
        title={creating ? "New schedule" : "Rename schedule"}
        description={
          creating ? "It starts with Monday to Friday, 9:00am to 5:00pm in your timezone." : undefined
        }
        widthClassName="max-w-md"
      >
        <form onSubmit={submit} noValidate>
          <Field label="Schedule name" htmlFor="schedule-name" error={errors.name?.message}>
            <Input
              id="schedule-name"
              autoFocus
              placeholder="e.g. Weekend hours"
              maxLength={100}
              invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? "schedule-name-error" : undefined}
              {...register("name")}
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {creating ? (isSubmitting ? "Creating..." : "Create") : isSubmitting ? "Saving..." : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
