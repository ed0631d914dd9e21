import { zodResolver } from "@hookform/resolvers/zod";
import { ImageUp, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { LOCALE_NAMES, LOCALES, type Locale, matchLocale } from "../../../contract/languages";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, updateProfileBody, WELCOME_TEXT_MAX } from "../../../contract/users";
import { SettingsCard } from "../../components/SettingsCard";
import { Avatar, Button, Field, Input, Select, Textarea, toast } from "../../components/ui";
import { ApiError, api, errorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { TimezoneSelect } from "../bookings/TimezoneSelect";
import { uploadAvatar, useUpdateProfile, type WithUser } from "./queries";

const profileForm = updateProfileBody.required();
type ProfileForm = z.infer<typeof profileForm>;

/** Profile: avatar, name, time zone, welcome text, time format and week start. */
export function ProfileSection() {
  const { user } = useAuth();
  const save = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    mode: "onBlur",
    values: user
      ? {
          name: user.name,
          timezone: user.timezone,
          welcomeText: user.welcomeText,
          timeFormat: user.timeFormat,
          weekStart: user.weekStart,
          language: user.language,
          appLanguage: user.appLanguage,
        }
      : undefined,
  });
  const welcomeLength = watch("welcomeText")?.length ?? 0;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user: saved } = await save.mutateAsync(values);
      reset({
        name: saved.name,
        timezone: saved.timezone,
        welcomeText: saved.welcomeText,
        timeFormat: saved.timeFormat,
        weekStart: saved.weekStart,
        language: saved.language,
        appLanguage: saved.appLanguage,
      });
      toast.success("Profile saved");
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          setError(field as keyof ProfileForm, { message });
        }
      }
      toast.error("Failed to save your profile", { description: errorMessage(error) });
    }
  });

  if (!user) return null;
  return (
    <SettingsCard id="profile" title="Profile" description="How invitees see you on your public pages.">
      <AvatarField />
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 sm:grid-cols-2" aria-label="Profile">
        <Field label="Name" htmlFor="profile-name" error={errors.name?.message} className="sm:col-span-2">
          <Input id="profile-name" autoComplete="name" invalid={!!errors.name} {...register("name")} />
        </Field>
        <Controller
          control={control}
          name="timezone"
          render={({ field }) => (
            <TimezoneSelect
              id="profile-timezone"
              variant="field"
              value={field.value}
              onChange={(zone) => field.onChange(zone)}
              error={errors.timezone?.message}
            />
          )}
        />
        <div className="grid grid-cols-2 gap-4">
          <Field label="Time format" htmlFor="profile-time-format">
            <Select id="profile-time-format" {...register("timeFormat")}>
              <option value="12h">12h (1:30pm)</option>
              <option value="24h">24h (13:30)</option>
            </Select>
          </Field>
          <Field label="Week starts on" htmlFor="profile-week-start">
            <Select id="profile-week-start" {...register("weekStart")}>
              <option value="sunday">Sunday</option>
              <option value="monday">Monday</option>
            </Select>
          </Field>
        </div>
        <Controller
          control={control}
          name="appLanguage"
          render={({ field }) => (
            <Field
              label="App language"
              htmlFor="profile-app-language"
              hint="Kairos and the mails it sends you speak it."
            >
              <LanguageSelect
                id="profile-app-language"
                value={field.value ?? null}
                onChange={field.onChange}
                unsetLabel="Browser's language"
              />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Field
              label="Booking pages' language"
              htmlFor="profile-language"
              hint="Your booking pages and invitees' mails speak it, unless an event type fixes one."
            >
              <LanguageSelect
                id="profile-language"
                value={field.value ?? null}
                onChange={field.onChange}
                unsetLabel="Invitee's language"
              />
            </Field>
          )}
        />
        <Field
          label="Welcome text"
          htmlFor="profile-welcome"
          error={errors.welcomeText?.message}
          hint={`Shown on your public profile. ${welcomeLength}/${WELCOME_TEXT_MAX}`}
          className="sm:col-span-2"
        >
          <Textarea
            id="profile-welcome"
            rows={3}
            placeholder="Welcome to my scheduling page. Please follow the instructions to add an event to my calendar."
            invalid={!!errors.welcomeText}
            {...register("welcomeText")}
          />
        </Field>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={save.isPending} disabled={!isDirty && !save.isPending}>
            {save.isPending ? "Saving..." : "Save profile"}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

/** The avatar with Upload and Remove; the file is checked here and again (by its bytes) on the server. */
function AvatarField() {
  const { user, setUser } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"upload" | "remove" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!user) return null;

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    setProblem(null);
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      setProblem("Choose a JPG, GIF or PNG image.");
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem("The image is larger than 5 MB. Choose a smaller one.");
      return;
    }
    setBusy("upload");
    try {
      setUser(await uploadAvatar(file));
      toast.success("Avatar updated");
    } catch (error) {
      setProblem(errorMessage(error, "Could not upload the image"));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy("remove");
    try {
      setUser((await api.delete<WithUser>("/users/avatar")).user);
      toast.success("Avatar removed");
    } catch (error) {
      toast.error("Could not remove the avatar", { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar name={user.name} email={user.email} src={user.avatar} size={64} />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label htmlFor="avatar-file" className="sr-only">
            Profile picture
          </label>
          <input
            ref={input}
            id="avatar-file"
            // The Upload button opens it; one tab stop, not two.
            tabIndex={-1}
            type="file"
            accept={AVATAR_TYPES.join(",")}
            className="sr-only"
            aria-describedby="avatar-help"
            onChange={(e) => void onFile(e.currentTarget.files?.[0])}
          />
          <Button
            variant="outline"
            size="sm"
            loading={busy === "upload"}
            onClick={() => input.current?.click()}
          >
            <ImageUp size={16} aria-hidden /> {busy === "upload" ? "Uploading..." : "Upload picture"}
          </Button>
          {user.avatar && (
            <Button variant="ghost" size="sm" loading={busy === "remove"} onClick={() => void remove()}>
              <Trash2 size={16} aria-hidden /> Remove
            </Button>
          )}
        </div>
        {problem ? (
          <p id="avatar-help" role="alert" className="text-red-600 text-sm">
            {problem}
          </p>
        ) : (
          <p id="avatar-help" className="text-slate-500 text-sm">
            JPG, GIF or PNG, up to 5 MB.
          </p>
        )}
      </div>
    </div>
  );
}

/** One of the ten languages, or none (`unsetLabel`: whose language applies then). */
function LanguageSelect(props: {
  id: string;
  value: Locale | null;
  onChange: (locale: Locale | null) => void;
  unsetLabel: string;
}) {
  return (
    <Select
      id={props.id}
      value={props.value ?? ""}
      onChange={(e) => props.onChange(matchLocale(e.target.value))}
    >
      <option value="">{props.unsetLabel}</option>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </Select>
  );
}
