import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { type EventKind, KIND_DEFAULTS } from "../../../contract/event-types";
import { Button, Drawer, DrawerContent, Field, Input, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { AvailabilityField } from "./AvailabilityField";
import { DurationField } from "./DurationField";
import { type CreateFormValues, createDefaults, createForm } from "./forms";
import { HostField } from "./HostField";
import { LocationsField } from "./LocationsField";
import { useWarnMissingLinks } from "./linkWarning";
import { useCreateEventType } from "./queries";

const FORM_ID = "create-event-type-form";

/** Right-hand drawer that creates an event type of one kind, prefilled with that kind's defaults. */
export function CreateEventTypeDrawer({
  kind,
  onClose,
}: {
  /** The kind chosen in the type chooser; null keeps the drawer closed. */
  kind: EventKind | null;
  onClose: () => void;
}) {
  // Owned here so the footer's button (outside the <form>) can show the pending state.
  const create = useCreateEventType();
  return (
    <Drawer open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      {kind && (
        <DrawerContent
          title={`New ${KIND_DEFAULTS[kind].label} event type`}
          description="You can fine-tune everything else after it is created."
          widthClassName="max-w-lg"
          footer={
            <>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" form={FORM_ID} loading={create.isPending}>
                {create.isPending ? "Creating..." : "Create"}
              </Button>
            </>
          }
        >
          <CreateForm kind={kind} create={create} onCreated={onClose} />
        </DrawerContent>
      )}
    </Drawer>
  );
}

function CreateForm({
  kind,
  create,
  onCreated,
}: {
  kind: EventKind;
  create: ReturnType<typeof useCreateEventType>;
  onCreated: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const warnMissingLinks = useWarnMissingLinks();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<CreateFormValues>({
    resolver: zodResolver(createForm),
    mode: "onBlur",
    defaultValues: createDefaults(kind),
  });
  const googleAccountId = useWatch({ control, name: "googleAccountId" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync({
        type: kind,
        title: values.title || undefined,
        duration: values.duration,
        maxInvitees: KIND_DEFAULTS[kind].maxInvitees,
        locations: values.locations.map((l) => ({ type: l.type, value: l.value ?? "" })),
        googleAccountId: values.locations.some((l) => l.type === "google_meet")
          ? values.googleAccountId
          : null,
        availabilityScheduleId: values.availabilityScheduleId,
      });
      toast.success(`"${created.title}" created`);
      void warnMissingLinks(created);
      onCreated();
    } catch (error) {
      setFormError(errorMessage(error, "Failed to create event type"));
    }
  });

  return (
    <form
      id={FORM_ID}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-6"
      aria-label="Create event type"
    >
      {formError && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
        >
          {formError}
        </div>
      )}
      <Field label="Event Title" htmlFor="create-title" error={errors.title?.message}>
        <Input
          id="create-title"
          placeholder="Enter event title (optional)"
          autoComplete="off"
          autoFocus
          invalid={!!errors.title}
          {...register("title")}
        />
      </Field>
      <Controller
        control={control}
        name="duration"
        render={({ field, fieldState }) => (
          <DurationField
            id="create-duration"
            inputRef={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="locations"
        render={({ field }) => (
          <LocationsField
            idPrefix="create"
            locations={field.value}
            onChange={field.onChange}
            googleAccountId={googleAccountId}
            onGoogleAccountChange={(id) => setValue("googleAccountId", id)}
            errors={errors.locations}
          />
        )}
      />
      <Controller
        control={control}
        name="availabilityScheduleId"
        render={({ field }) => (
          <AvailabilityField idPrefix="create" value={field.value} onChange={field.onChange} />
        )}
      />
      <HostField />
    </form>
  );
}
