import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { Controller, type Path, useForm, useWatch } from "react-hook-form";
import { DEFAULT_EVENT_NAME, type EventTypeDto, slugify } from "../../../contract/event-types";
import type { EventTypeHostsDto } from "../../../contract/teams";
import { BookingLimitsFields } from "../../components/BookingLimitsFields";
import { Button, DrawerContent, Field, Input, Switch, Textarea, toast } from "../../components/ui";
import { ApiError, errorMessage } from "../../lib/api";
import { t } from "../../lib/i18n";
import { AvailabilityField } from "./AvailabilityField";
import { BookingWindowField } from "./BookingWindowField";
import { ColorField } from "./ColorField";
import { ConfirmationField } from "./ConfirmationField";
import { DigitsField } from "./DigitsInput";
import { DurationField } from "./DurationField";
import { DrawerSection } from "./FieldGroup";
import { FixedTimesField, toLocalInput } from "./FixedTimesField";
import {
  type EditFormInput,
  type EditFormValues,
  editDefaults,
  editForm,
  formErrorMessages,
  hasFixedTimes,
  isTeamKind,
  mapServerErrors,
  toUpdateBody,
} from "./forms";
import { HostField } from "./HostField";
import { LanguageFields } from "./LanguageFields";
import { LocationsField } from "./LocationsField";
import { useWarnMissingLinks } from "./linkWarning";
import { MissingPartsNotice, missingInForm } from "./MissingParts";
import { NoBookableTimes } from "./NoBookableTimes";
import { PhoneSettingField } from "./PhoneSettingField";
import { QuestionsField } from "./QuestionsField";
import { useUpdateEventType } from "./queries";
import { RecurrenceSetting } from "./RecurrenceField";
import { ShowAttendeesSetting } from "./ShowAttendeesSetting";
import { SlugField } from "./SlugField";
import { TeamHostsField } from "./TeamHostsField";
import { useLeaveGuard } from "./useLeaveGuard";

const FORM_ID = "edit-event-type-form";
const UNTITLED_SLUG = new RegExp(`^${slugify(DEFAULT_EVENT_NAME)}(-\\d+)?$`);

/**
 * The whole event type in one form with one save: every section, the team's hosts, a poll's or a
 * one-off's times and expiry. Closing or leaving with unsaved changes asks first.
 */
export function EditEventTypeForm({
  eventType: et,
  hosts,
  onClose,
  requestClose,
}: {
  eventType: EventTypeDto;
  /** Team kinds: the hosts with their weights, as the server has them. */
  hosts: EventTypeHostsDto | null;
  onClose: () => void;
  /** Where the drawer asks to close (overlay, Escape, X): set to ask first while changes are unsaved. */
  requestClose: React.RefObject<(() => void) | null>;
}) {
  const update = useUpdateEventType();
  const warnMissingLinks = useWarnMissingLinks();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isDirty, dirtyFields },
  } = useForm<EditFormInput, unknown, EditFormValues>({
    resolver: zodResolver(editForm, formErrorMessages),
    mode: "onBlur",
    defaultValues: editDefaults(et, hosts, toLocalInput(et.expiresAt)),
  });
  const { leave, dialog } = useLeaveGuard(isDirty && !update.isPending);
  useEffect(() => {
    requestClose.current = () => leave(onClose);
    return () => {
      requestClose.current = null;
    };
  });
  const title = useWatch({ control, name: "title" }) ?? "";
  const team = useWatch({ control, name: "team" });
  const fixedTimes = useWatch({ control, name: "fixedTimes" }) ?? [];
  const expiresAt = useWatch({ control, name: "expiresAt" }) ?? "";
  const missing = missingInForm(et.type, team?.hosts.length ?? 0, fixedTimes.length);
  // An untitled type's link follows its title until the host types a link (the server does the same).
  const slugFollowsTitle =
    et.title === DEFAULT_EVENT_NAME && UNTITLED_SLUG.test(et.slug) && !dirtyFields.slug;
  useEffect(() => {
    if (slugFollowsTitle && title.trim()) setValue("slug", slugify(title));
  }, [slugFollowsTitle, title, setValue]);
  const googleAccountId = useWatch({ control, name: "googleAccountId" }) ?? null;
  const locations = useWatch({ control, name: "locations" }) ?? [];

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync({
        id: et._id,
        body: toUpdateBody(values, et.type, !!dirtyFields.slug),
      });
      toast.success(t("eventTypes.edit.saved", { title: saved.title }));
      void warnMissingLinks(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === "SLUG_TAKEN") {
        setError("slug", { message: error.message }, { shouldFocus: true });
        return;
      }
      const mapped = error instanceof ApiError ? mapServerErrors(error.errors) : { fields: [], unplaced: [] };
      mapped.fields.forEach(([name, message], k) => {
        setError(name as Path<EditFormInput>, { message }, { shouldFocus: k === 0 });
      });
      if (mapped.fields.length === 0 || mapped.unplaced.length > 0) {
        const message = mapped.unplaced[0] ?? errorMessage(error, t("eventTypes.edit.failed"));
        setFormError(message);
        toast.error(message);
      }
    }
  });

  return (
    <DrawerContent
      title={t("eventTypes.edit.title")}
      description={et.title}
      widthClassName="max-w-xl"
      footer={
        <>
          <Button variant="outline" onClick={() => leave(onClose)} disabled={update.isPending}>
            {t("eventTypes.cancel")}
          </Button>
          <Button type="submit" form={FORM_ID} loading={update.isPending} disabled={!title.trim()}>
            {update.isPending ? t("eventTypes.edit.saving") : t("eventTypes.edit.save")}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-6"
        aria-label={t("eventTypes.edit.formLabel")}
      >
        {dialog}
        <MissingPartsNotice missing={missing} />
        <NoBookableTimes et={et} />
        {formError && (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
          >
            {formError}
          </div>
        )}
        <DrawerSection>
          <Field label={t("eventTypes.edit.titleLabel")} htmlFor="edit-title" error={errors.title?.message}>
            <Input
              id="edit-title"
              autoComplete="off"
              invalid={!!errors.title}
              aria-required
              {...register("title")}
            />
          </Field>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 px-3 py-2.5">
                <div>
                  <label htmlFor="edit-status" className="block font-medium text-slate-800 text-sm">
                    {t("eventTypes.edit.status")}
                  </label>
                  <p className="text-[13px] text-slate-500">
                    {field.value ? t("eventTypes.edit.statusOn") : t("eventTypes.edit.statusOff")}
                  </p>
                </div>
                <Switch id="edit-status" checked={field.value} onCheckedChange={field.onChange} />
              </div>
            )}
          />
          <Controller
            control={control}
            name="duration"
            render={({ field, fieldState }) => (
              <DurationField
                id="edit-duration"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="locations"
            render={({ field }) => (
              <LocationsField
                idPrefix="edit"
                locations={field.value}
                onChange={field.onChange}
                googleAccountId={googleAccountId}
                onGoogleAccountChange={(id) => setValue("googleAccountId", id, { shouldDirty: true })}
                errors={errors.locations}
              />
            )}
          />
          <Field
            label={t("eventTypes.edit.description")}
            htmlFor="edit-description"
            error={errors.description?.message}
          >
            <Textarea
              id="edit-description"
              rows={3}
              maxLength={5000}
              placeholder={t("eventTypes.edit.descriptionPlaceholder")}
              invalid={!!errors.description}
              {...register("description")}
            />
          </Field>
          <Controller
            control={control}
            name="color"
            render={({ field }) => <ColorField value={field.value} onChange={field.onChange} />}
          />
          <SlugField registration={register("slug")} error={errors.slug?.message} />
        </DrawerSection>

        {hasFixedTimes(et.type) && (
          <DrawerSection
            title={et.type === "poll" ? t("eventTypes.edit.sectionPoll") : t("eventTypes.edit.sectionOneOff")}
          >
            <FixedTimesField
              idPrefix="edit"
              poll={et.type === "poll"}
              slotsPath={(day, zone) =>
                `/bookings/availability/${et._id}?date=${day}&timezone=${encodeURIComponent(zone)}`
              }
              times={fixedTimes}
              onTimesChange={(times) => setValue("fixedTimes", times, { shouldDirty: true })}
              {...(et.type === "one-off"
                ? {
                    expires: expiresAt,
                    onExpiresChange: (v: string) => setValue("expiresAt", v, { shouldDirty: true }),
                  }
                : { resultsId: et._id })}
            />
          </DrawerSection>
        )}

        {isTeamKind(et.type) && (
          <DrawerSection title={t("eventTypes.edit.sectionTeam")}>
            <Controller
              control={control}
              name="team"
              render={({ field }) => (
                <TeamHostsField
                  idPrefix="edit"
                  kind={et.type}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </DrawerSection>
        )}

        <DrawerSection title={t("eventTypes.edit.sectionScheduling")}>
          <BookingWindowField
            control={control}
            errors={errors}
            onModeChange={(mode) => {
              setValue("bookingSettings.mode", mode, { shouldDirty: true });
              if (mode === "within") {
                setValue("bookingSettings.withinStart", undefined);
                setValue("bookingSettings.withinEnd", undefined);
              }
            }}
          />
          {et.type === "group" && (
            <Field
              label={t("eventTypes.edit.seats")}
              htmlFor="edit-seats"
              error={errors.maxInvitees?.message}
              hint={t("eventTypes.seatsHint")}
            >
              <DigitsField
                control={control}
                name="maxInvitees"
                id="edit-seats"
                wrapperClassName="w-24"
                errorId={errors.maxInvitees ? "edit-seats-error" : undefined}
              />
            </Field>
          )}
          {et.type === "group" && <ShowAttendeesSetting control={control} />}
          <Controller
            control={control}
            name="confirmation"
            render={({ field }) => (
              <ConfirmationField
                value={field.value}
                onChange={field.onChange}
                errors={{
                  noticeHours: errors.confirmation?.noticeHours?.message,
                  expiryHours: errors.confirmation?.expiryHours?.message,
                }}
              />
            )}
          />
          {et.type === "one-on-one" && <RecurrenceSetting control={control} />}
          <Controller
            control={control}
            name="availabilityScheduleId"
            render={({ field }) => (
              <AvailabilityField idPrefix="edit" value={field.value} onChange={field.onChange} />
            )}
          />
        </DrawerSection>

        {!isTeamKind(et.type) && et.type !== "poll" && (
          <DrawerSection title={t("eventTypes.edit.sectionLimits")}>
            <Controller
              control={control}
              name="bookingLimits"
              render={({ field }) => (
                <BookingLimitsFields
                  idPrefix="edit-limits"
                  value={field.value}
                  onChange={(next) => field.onChange(next)}
                  errors={Object.fromEntries(
                    Object.entries(errors.bookingLimits ?? {}).map(([k, v]) => [
                      k,
                      (v as { message?: string } | undefined)?.message,
                    ]),
                  )}
                />
              )}
            />
          </DrawerSection>
        )}

        <DrawerSection title={t("eventTypes.edit.sectionForm")}>
          <Controller
            control={control}
            name="phoneField"
            render={({ field }) => (
              <PhoneSettingField
                value={field.value}
                onChange={field.onChange}
                phoneCall={locations.some((l) => l?.type === "phone")}
              />
            )}
          />
          <QuestionsField control={control} register={register} errors={errors} />
          <LanguageFields control={control} />
        </DrawerSection>

        {!isTeamKind(et.type) && (
          <DrawerSection>
            <HostField />
          </DrawerSection>
        )}
      </form>
    </DrawerContent>
  );
}
