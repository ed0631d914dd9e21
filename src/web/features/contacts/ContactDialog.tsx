import { AlertCircle, Upload } from "lucide-react";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import {
  CONTACT_COUNTRIES,
  CONTACT_PRIORITIES,
  CONTACT_STAGES,
  CONTACT_TIMEZONES,
  type ContactDto,
  type ContactPriority,
  type ContactStage,
  MAX_UPLOAD_BYTES,
  NEW_CONTACT_TIMEZONE,
} from "../../../contract/contacts";
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
import { ApiError, errorMessage } from "../../lib/api";
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
type FormValues = Omit<
  ContactDto,
  "_id" | "avatar" | "totalMeetings" | "lastMeetingDate" | "source" | "createdAt" | "updatedAt"
>;

const blank = (timezone: string): FormValues => ({
  fullName: "",
  email: "",
  phone: "",
  jobTitle: "",
  company: "",
  linkedIn: "",
  timezone,
  country: "",
  city: "",
  state: "",
  relationshipStage: "prospect",
  priority: "medium",
  tags: [],
  notes: "",
});

const fromContact = (c: ContactDto): FormValues => ({
  fullName: c.fullName,
  email: c.email,
  phone: c.phone,
  jobTitle: c.jobTitle,
  company: c.company,
  linkedIn: c.linkedIn,
  timezone: c.timezone,
  country: c.country,
  city: c.city,
  state: c.state,
  relationshipStage: c.relationshipStage,
  priority: c.priority,
  tags: c.tags,
  notes: c.notes,
});

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
  const [values, setValues] = useState<FormValues>(() => blank(NEW_CONTACT_TIMEZONE));
  const otherZones = useMemo(() => otherZonesWith(values.timezone), [values.timezone]);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveContact();
  const [busy, setBusy] = useState(false);
  const storedAvatar = useAuthedImage(contact?.avatar ?? null);

  useEffect(() => {
    if (!open) return;
    setValues(contact ? fromContact(contact) : (v) => (v.fullName || v.email ? v : blank(v.timezone)));
    setError(null);
    setFieldErrors({});
    setAvatarFile(null);
    setAvatarError(null);
  }, [open, contact]);

  useEffect(() => {
    if (!avatarFile) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(avatarFile);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [avatarFile]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const editing = contact !== null;
  const canSave = !busy && values.fullName.trim() !== "" && values.email.trim() !== "";

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const saved = await save.mutateAsync({ id: contact?._id, body: values });
      if (avatarFile) {
        try {
          await uploadAvatar(saved._id, avatarFile);
        } catch (e) {
          toast.error(errorMessage(e, "The picture could not be saved"));
        }
      }
      toast.success(editing ? "Contact updated" : "Contact created");
      // Spec section 9: the form resets with UTC as its timezone.
      setValues(blank("UTC"));
      onClose();
    } catch (e) {
      setError(errorMessage(e, editing ? "Failed to update contact" : "Failed to create contact"));
      if (e instanceof ApiError && e.errors) setFieldErrors(e.errors);
    } finally {
      setBusy(false);
    }
  };

  const text = (
    key: keyof FormValues,
    label: string,
    type = "text",
    extra: { required?: boolean; placeholder?: string } = {},
  ) => (
    <Field label={label} htmlFor={`contact-${key}`} error={fieldErrors[key]} required={extra.required}>
      <Input
        id={`contact-${key}`}
        type={type}
        value={values[key] as string}
        placeholder={extra.placeholder}
        aria-required={extra.required || undefined}
        invalid={!!fieldErrors[key]}
        onChange={(e) => set(key, e.target.value as never)}
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
            <Avatar name={values.fullName} email={values.email} src={avatarSrc} size={56} />
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
            <Field label="Timezone" htmlFor="contact-timezone" error={fieldErrors.timezone}>
              <Select
                id="contact-timezone"
                value={values.timezone}
                onChange={(e) => set("timezone", e.target.value)}
              >
                {!values.timezone && <option value="">None</option>}
                <ZoneGroup label="Common" zones={COMMON_ZONES} />
                <ZoneGroup label="All time zones" zones={otherZones} />
              </Select>
            </Field>
            <Field label="Country" htmlFor="contact-country">
              <Select
                id="contact-country"
                value={values.country}
                onChange={(e) => set("country", e.target.value)}
              >
                <option value="">Select country</option>
                {values.country && !CONTACT_COUNTRIES.includes(values.country as never) && (
                  <option value={values.country}>{values.country}</option>
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
              <Select
                id="contact-stage"
                value={values.relationshipStage}
                onChange={(e) => set("relationshipStage", e.target.value as ContactStage)}
              >
                {CONTACT_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {STAGE_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Priority" htmlFor="contact-priority">
              <Select
                id="contact-priority"
                value={values.priority}
                onChange={(e) => set("priority", e.target.value as ContactPriority)}
              >
                {CONTACT_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {PRIORITY_LABELS[p]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field label="Tags" htmlFor="contact-tags" error={fieldErrors.tags}>
            <TagInput id="contact-tags" tags={values.tags} onChange={(tags) => set("tags", tags)} />
          </Field>
          <Field label="Notes" htmlFor="contact-notes" error={fieldErrors.notes}>
            <Textarea
              id="contact-notes"
              rows={3}
              value={values.notes}
              onChange={(e) => set("notes", e.target.value)}
            />
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
