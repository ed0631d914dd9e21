import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { type EventKind, KIND_DEFAULTS } from "../../../contract/event-type-constants";
import { Button, Drawer, DrawerContent, Field, Input, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { t } from "../../lib/i18n";
import { AvailabilityField } from "./AvailabilityField";
import { DigitsField } from "./DigitsInput";
import { DurationField } from "./DurationField";
import { FixedTimesField } from "./FixedTimesField";
import {
  type CreateFormValues,
  createDefaults,
  createForm,
  formErrorMessages,
  hasFixedTimes,
  isTeamKind,
  kindParts,
} from "./forms";
import { HostField } from "./HostField";
import { NEW_KIND_TITLE } from "./kindLabels";
import { LocationsField } from "./LocationsField";
import { useWarnMissingLinks } from "./linkWarning";
import { useCreateEventType } from "./queries";
import { TeamHostsField } from "./TeamHostsField";
import { useLeaveGuard } from "./useLeaveGuard";

const FORM_ID = "create-event-type-form";

/** What the dialog asks of each kind beyond title, duration and place. */
const KIND_HINTS: Record<EventKind, AppMessageId> = {
  "one-on-one": "eventTypes.create.hintOneOnOne",
  group: "eventTypes.create.hintGroup",
  "round-robin": "eventTypes.create.hintRoundRobin",
  collective: "eventTypes.create.hintCollective",
  "one-off": "eventTypes.create.hintOneOff",
  poll: "eventTypes.create.hintPoll",
};

/** Right-hand drawer that creates an event type of one kind, asking for what that kind needs. */
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
  const requestClose = useRef<(() => void) | null>(null);
  const close = () => (requestClose.current ?? onClose)();
  return (
    <Drawer open={kind !== null} onOpenChange={(open) => !open && close()}>
      {kind && (
        <DrawerContent
          title={t(NEW_KIND_TITLE[kind])}
          description={t(KIND_HINTS[kind])}
          widthClassName="max-w-lg"
          footer={
            <>
              <Button variant="outline" onClick={close}>
                {t("eventTypes.cancel")}
              </Button>
              <Button type="submit" form={FORM_ID} loading={create.isPending}>
                {create.isPending ? t("eventTypes.create.creating") : t("eventTypes.create.submit")}
              </Button>
            </>
          }
        >
          <CreateForm kind={kind} create={create} onCreated={onClose} requestClose={requestClose} />
        </DrawerContent>
      )}
    </Drawer>
  );
}

function CreateForm({
  kind,
  create,
  onCreated,
  requestClose,
}: {
  kind: EventKind;
  create: ReturnType<typeof useCreateEventType>;
  onCreated: () => void;
  requestClose: React.RefObject<(() => void) | null>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const warnMissingLinks = useWarnMissingLinks();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isDirty },
  } = useForm<CreateFormValues>({
    resolver: zodResolver(createForm, formErrorMessages),
    mode: "onBlur",
    defaultValues: createDefaults(kind),
  });
  const { leave, dialog } = useLeaveGuard(isDirty && !create.isPending);
  useEffect(() => {
    requestClose.current = () => leave(onCreated);
    return () => {
      requestClose.current = null;
    };
  });
  const googleAccountId = useWatch({ control, name: "googleAccountId" });
  const duration = useWatch({ control, name: "duration" });
  const scheduleId = useWatch({ control, name: "availabilityScheduleId" });
  const fixedTimes = useWatch({ control, name: "fixedTimes" }) ?? [];
  const expiresAt = useWatch({ control, name: "expiresAt" }) ?? "";

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await create.mutateAsync({
        type: kind,
        title: values.title || undefined,
        duration: values.duration,
        maxInvitees: kind === "group" ? values.maxInvitees : KIND_DEFAULTS[kind].maxInvitees,
        locations: values.locations.map((l) => ({ type: l.type, value: l.value ?? "" })),
        googleAccountId: values.locations.some((l) => l.type === "google_meet")
          ? values.googleAccountId
          : null,
        availabilityScheduleId: values.availabilityScheduleId,
        ...kindParts(kind, {
          team: values.team,
          fixedTimes: values.fixedTimes,
          expiresAt: values.expiresAt,
        }),
      });
      toast.success(t("eventTypes.create.created", { title: created.title }));
      void warnMissingLinks(created);
      onCreated();
    } catch (error) {
      setFormError(errorMessage(error, t("eventTypes.create.failed")));
    }
  });

  const times = hasFixedTimes(kind) && (
    <FixedTimesField
      idPrefix="create"
      poll={kind === "poll"}
      slotsPath={(day, zone) =>
        `/bookings/free-slots?date=${day}&timezone=${encodeURIComponent(zone)}&duration=${duration || 30}${scheduleId ? `&scheduleId=${scheduleId}` : ""}`
      }
      times={fixedTimes}
      onTimesChange={(next) => setValue("fixedTimes", next, { shouldDirty: true })}
      {...(kind === "one-off"
        ? {
            expires: expiresAt,
            onExpiresChange: (v: string) => setValue("expiresAt", v, { shouldDirty: true }),
          }
        : {})}
    />
  );

  return (
    <form
      id={FORM_ID}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-6"
      aria-label={t("eventTypes.create.formLabel")}
    >
      {dialog}
      {formError && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
        >
          {formError}
        </div>
      )}
      {kind === "poll" && times}
      <Field label={t("eventTypes.create.titleLabel")} htmlFor="create-title" error={errors.title?.message}>
        <Input
          id="create-title"
          placeholder={t("eventTypes.create.titlePlaceholder")}
          autoComplete="off"
          autoFocus={kind !== "poll"}
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
      {kind === "group" && (
        <Field
          label={t("eventTypes.create.seats")}
          htmlFor="create-seats"
          error={errors.maxInvitees?.message}
          hint={t("eventTypes.seatsHint")}
        >
          <DigitsField
            control={control}
            name="maxInvitees"
            id="create-seats"
            wrapperClassName="w-24"
            errorId={errors.maxInvitees ? "create-seats-error" : undefined}
          />
        </Field>
      )}
      {kind === "one-off" && times}
      {isTeamKind(kind) && (
        <Controller
          control={control}
          name="team"
          render={({ field }) => (
            <TeamHostsField idPrefix="create" kind={kind} value={field.value} onChange={field.onChange} />
          )}
        />
      )}
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
      {!isTeamKind(kind) && <HostField />}
    </form>
  );
}
