import { zodResolver } from "@hookform/resolvers/zod";
import { AlertCircle, Upload } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import {
  CONTACT_COUNTRIES,
  CONTACT_PRIORITIES,
  CONTACT_STAGES,
  CONTACT_TIMEZONES,
  type ContactDto,
  type ContactInput,
  createContactBody,
  MAX_UPLOAD_BYTES,
  NEW_CONTACT_TIMEZONE,
} from "../../../contract/contacts";
import { CONTACT_FIELDS, type ContactField } from "../../../domain/contact-fields";
import {
  Avatar,
  Button,
  Dialog,
  DialogContent,
  DialogFooter,
  Field,
  Input,
  Select,
  Textarea,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { useAppLocale } from "../../lib/app-language";
import { setServerErrors } from "../../lib/formErrors";
import { t } from "../../lib/i18n";
import { allTimeZones, zoneLabel } from "../bookings/time";
import { PRIORITY_LABELS, STAGE_LABELS } from "./format";
import { uploadAvatar, useAuthedImage, useSaveContact } from "./queries";
import { TagInput } from "./TagInput";

const COMMON_ZONES: readonly string[] = CONTACT_TIMEZONES;

/**
 * Every zone the browser knows but the common ones, sorted; with the contact's own (an import may bring
 * any) so the select can show it.
 */
function otherZonesWith(current: string): string[] {
  return allTimeZones(current || "UTC")
    .filter((z) => z && !COMMON_ZONES.includes(z))
    .sort();
}

/** Each zone by the name the host reads ('Mitteleuropäische Zeit (Berlin)'); the value stays its IANA id. */
function ZoneGroup({ label, zones }: { label: string; zones: readonly string[] }) {
  const locale = useAppLocale();
  // ~400 names: made once per list and language, not on every keystroke in the dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes every name.
  const names = useMemo(() => zones.map((z) => [z, zoneLabel(z)] as const), [zones, locale]);
  return (
    <optgroup label={label}>
      {names.map(([z, name]) => (
        <option key={z} value={z}>
          {name}
        </option>
      ))}
    </optgroup>
  );
}

/** The dialog edits every field of a contact that the host types in. */
type FormValues = Pick<ContactDto, ContactField>;

/** Every field empty (tags an empty list), then the spec's defaults. */
const blank = (timezone: string): FormValues => ({
  ...(Object.fromEntries(CONTACT_FIELDS.map((f) => [f, f === "tags" ? [] : ""])) as Record<
    ContactField,
    never
  >),
  timezone,
  relationshipStage: "prospect",
  priority: "medium",
});

const fromContact = (c: ContactDto): FormValues =>
  Object.fromEntries(CONTACT_FIELDS.map((f) => [f, c[f]])) as FormValues;

/** The fields typed into a plain text box. */
type TextField = "fullName" | "email" | "phone" | "jobTitle" | "company" | "linkedIn" | "city" | "state";

const AVATAR_TYPES = ["image/jpeg", "image/gif", "image/png"];

/** Add Contact (contact null) or Edit Contact (prefilled): every field of spec section 3. */
export function ContactDialog({
  open,
  contact,
  onClose,
}: {
  open: boolean;
  contact: ContactDto | null;
  onClose: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    watch,
    setError,
    formState: { errors, isSubmitting: busy },
  } = useForm<FormValues, unknown, ContactInput>({
    // The contract's own rules (spec section 5): the same messages as the server, before a round trip.
    // Every field the form holds is one the contract's body takes, so its resolver takes the form's values.
    resolver: zodResolver(createContactBody) as Resolver<FormValues, unknown, ContactInput>,
    defaultValues: blank(NEW_CONTACT_TIMEZONE),
  });
  const [fullName, email, timezone, country] = watch(["fullName", "email", "timezone", "country"]);
  const otherZones = useMemo(() => otherZonesWith(timezone), [timezone]);
  const [error, setFormError] = useState<string | null>(null);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveContact();
  const storedAvatar = useAuthedImage(contact?.avatar ?? null);

  useEffect(() => {
    if (!open) return;
    // A new contact keeps what was typed before the dialog was closed without saving.
    if (contact) reset(fromContact(contact));
    else if (!getValues("fullName") && !getValues("email")) reset(blank(getValues("timezone")));
    setFormError(null);
    setAvatarFile(null);
    setAvatarError(null);
  }, [open, contact, reset, getValues]);

  useEffect(() => {
    if (!avatarFile) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(avatarFile);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [avatarFile]);

  const editing = contact !== null;
  // Spec section 5: Save is disabled while submitting or while either required field is empty.
  const canSave = !busy && fullName.trim() !== "" && email.trim() !== "";

  const chooseAvatar = (file: File | undefined) => {
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      setAvatarError(t("contacts.form.avatarType"));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setAvatarError(t("contacts.form.avatarSize"));
      return;
    }
    setAvatarError(null);
    setAvatarFile(file);
  };

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: contact?._id, body });
      if (avatarFile) {
        try {
          await uploadAvatar(saved._id, avatarFile);
        } catch (e) {
          toast.error(errorMessage(e, t("contacts.form.avatarFailed")));
        }
      }
      toast.success(t(editing ? "contacts.form.updated" : "contacts.form.created"));
      // Spec section 9: the form resets with UTC as its timezone.
      reset(blank("UTC"));
      onClose();
    } catch (e) {
      // Spec section 8: the red box keeps the message (else the spec's text) and the dialog stays open.
      setFormError(errorMessage(e, t(editing ? "contacts.form.updateFailed" : "contacts.form.createFailed")));
      setServerErrors(e, setError, CONTACT_FIELDS, null);
    }
  });

  const text = (
    key: TextField,
    label: string,
    type = "text",
    extra: { required?: boolean; placeholder?: string } = {},
  ) => (
    <Field label={label} htmlFor={`contact-${key}`} error={errors[key]?.message} required={extra.required}>
      <Input
        id={`contact-${key}`}
        type={type}
        placeholder={extra.placeholder}
        aria-required={extra.required || undefined}
        invalid={!!errors[key]}
        aria-describedby={errors[key] ? `contact-${key}-error` : undefined}
        {...register(key)}
      />
    </Field>
  );

  const avatarSrc = previewUrl ?? storedAvatar;

  return (
    <Dialog open={open} onOpenChange={(next) => (!next && !busy ? onClose() : undefined)}>
      <DialogContent
        title={t(editing ? "contacts.form.editTitle" : "contacts.form.addTitle")}
        widthClassName="max-w-2xl"
        className="max-h-[90vh]"
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {error && (
            <div
              role="alert"
              className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
            >
              <AlertCircle size={16} aria-hidden className="mt-0.5 shrink-0" />
              {error}
            </div>
          )}
          <div className="flex items-center gap-4">
            <Avatar name={fullName} email={email} src={avatarSrc} size={56} />
            <div className="flex flex-col gap-1">
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/gif,image/png"
                className="sr-only"
                aria-label={t("contacts.form.upload")}
                tabIndex={-1}
                onChange={(e) => {
                  chooseAvatar(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
              <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <Upload size={14} aria-hidden /> {t("contacts.form.upload")}
              </Button>
              <p
                className={avatarError ? "text-red-600 text-xs" : "text-slate-500 text-xs"}
                role={avatarError ? "alert" : undefined}
              >
                {avatarError ?? t("contacts.form.avatarHint")}
              </p>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("fullName", t("contacts.field.fullName"), "text", { required: true })}
            {text("email", t("contacts.field.email"), "email", { required: true })}
            {text("phone", t("contacts.field.phone"), "tel")}
            {text("jobTitle", t("contacts.field.jobTitle"))}
            {text("company", t("contacts.field.company"))}
            {text("linkedIn", t("contacts.field.linkedIn"), "url", {
              placeholder: "https://www.linkedin.com/in/...",
            })}
            <Field
              label={t("contacts.field.timezone")}
              htmlFor="contact-timezone"
              error={errors.timezone?.message}
            >
              <Select id="contact-timezone" invalid={!!errors.timezone} {...register("timezone")}>
                {!timezone && <option value="">{t("contacts.form.none")}</option>}
                <ZoneGroup label={t("contacts.form.commonZones")} zones={COMMON_ZONES} />
                <ZoneGroup label={t("contacts.form.allZones")} zones={otherZones} />
              </Select>
            </Field>
            <Field label={t("contacts.field.country")} htmlFor="contact-country">
              <Select id="contact-country" {...register("country")}>
                <option value="">{t("contacts.form.selectCountry")}</option>
                {country && !CONTACT_COUNTRIES.includes(country as never) && (
                  <option value={country}>{country}</option>
                )}
                {CONTACT_COUNTRIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            </Field>
            {text("city", t("contacts.field.city"))}
            {text("state", t("contacts.field.state"))}
            <Field label={t("contacts.field.stage")} htmlFor="contact-stage">
              <Select id="contact-stage" {...register("relationshipStage")}>
                {CONTACT_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {t(STAGE_LABELS[s])}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("contacts.field.priority")} htmlFor="contact-priority">
              <Select id="contact-priority" {...register("priority")}>
                {CONTACT_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {t(PRIORITY_LABELS[p])}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label={t("contacts.tags")} htmlFor="contact-tags" error={errors.tags?.message}>
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagInput id="contact-tags" tags={field.value} onChange={field.onChange} />
              )}
            />
          </Field>
          <Field label={t("contacts.field.notes")} htmlFor="contact-notes" error={errors.notes?.message}>
            <Textarea id="contact-notes" rows={3} invalid={!!errors.notes} {...register("notes")} />
          </Field>
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t("contacts.cancel")}
            </Button>
            <Button type="submit" disabled={!canSave} loading={busy}>
              {t(
                busy
                  ? editing
                    ? "contacts.form.saving"
                    : "contacts.form.creating"
                  : editing
                    ? "contacts.form.saveChanges"
                    : "contacts.form.save",
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
