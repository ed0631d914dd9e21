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
import { setServerErrors } from "../../lib/formErrors";
import { allTimeZones } from "../bookings/time";
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

function ZoneGroup({ label, zones }: { label: string; zones: readonly string[] }) {
  return (
    <optgroup label={label}>
      {zones.map((z) => (
        <option key={z} value={z}>
          {z}
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
      setAvatarError("Choose a JPG, GIF, or PNG image.");
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setAvatarError("File size must be 5MB or less.");
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
          toast.error(errorMessage(e, "The picture could not be saved"));
        }
      }
      toast.success(editing ? "Contact updated" : "Contact created");
      // Spec section 9: the form resets with UTC as its timezone.
      reset(blank("UTC"));
      onClose();
    } catch (e) {
      // Spec section 8: the red box keeps the message (else the spec's text) and the dialog stays open.
      setFormError(errorMessage(e, editing ? "Failed to update contact" : "Failed to create contact"));
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
        title={editing ? "Edit Contact" : "Add Contact"}
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
                aria-label="Upload picture"
                tabIndex={-1}
                onChange={(e) => {
                  chooseAvatar(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
              <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <Upload size={14} aria-hidden /> Upload picture
              </Button>
              <p
                className={avatarError ? "text-red-600 text-xs" : "text-slate-500 text-xs"}
                role={avatarError ? "alert" : undefined}
              >
                {avatarError ?? "JPG, GIF, or PNG. Max size of 5MB."}
              </p>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("fullName", "Full Name", "text", { required: true })}
            {text("email", "Email", "email", { required: true })}
            {text("phone", "Phone", "tel")}
            {text("jobTitle", "Job Title")}
            {text("company", "Company")}
            {text("linkedIn", "LinkedIn", "url", { placeholder: "https://www.linkedin.com/in/..." })}
            <Field label="Timezone" htmlFor="contact-timezone" error={errors.timezone?.message}>
              <Select id="contact-timezone" invalid={!!errors.timezone} {...register("timezone")}>
                {!timezone && <option value="">None</option>}
                <ZoneGroup label="Common" zones={COMMON_ZONES} />
                <ZoneGroup label="All time zones" zones={otherZones} />
              </Select>
            </Field>
            <Field label="Country" htmlFor="contact-country">
              <Select id="contact-country" {...register("country")}>
                <option value="">Select country</option>
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
            {text("city", "City")}
            {text("state", "State")}
            <Field label="Relationship Stage" htmlFor="contact-stage">
              <Select id="contact-stage" {...register("relationshipStage")}>
                {CONTACT_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {STAGE_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Priority" htmlFor="contact-priority">
              <Select id="contact-priority" {...register("priority")}>
                {CONTACT_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {PRIORITY_LABELS[p]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label="Tags" htmlFor="contact-tags" error={errors.tags?.message}>
            <Controller
              control={control}
              name="tags"
              render={({ field }) => (
                <TagInput id="contact-tags" tags={field.value} onChange={field.onChange} />
              )}
            />
          </Field>
          <Field label="Notes" htmlFor="contact-notes" error={errors.notes?.message}>
            <Textarea id="contact-notes" rows={3} invalid={!!errors.notes} {...register("notes")} />
          </Field>
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave} loading={busy}>
              {busy ? (editing ? "Saving..." : "Creating...") : editing ? "Save changes" : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
