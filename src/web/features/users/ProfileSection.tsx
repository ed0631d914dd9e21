import { zodResolver } from "@hookform/resolvers/zod";
import { ImageUp, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, updateProfileBody, WELCOME_TEXT_MAX } from "../../../contract/users";
import { LanguageSelect } from "../../components/LanguageSelect";
import { SettingsCard } from "../../components/SettingsCard";
import { Avatar, Button, Field, Input, Select, Textarea, toast } from "../../components/ui";
import { ApiError, api, errorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";
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
      toast.success(t("settings.profile.saved"));
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        for (const [field, message] of Object.entries(error.errors)) {
          setError(field as keyof ProfileForm, { message });
        }
      }
      toast.error(t("settings.profile.saveFailed"), { description: errorMessage(error) });
    }
  });

  if (!user) return null;
  return (
    <SettingsCard
      id="profile"
      title={t("settings.nav.profile")}
      description={t("settings.profile.description")}
    >
      <AvatarField />
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-6 grid gap-5 sm:grid-cols-2"
        aria-label={t("settings.nav.profile")}
      >
        <Field
          label={t("settings.profile.name")}
          htmlFor="profile-name"
          error={errors.name?.message}
          className="sm:col-span-2"
        >
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
          <Field label={t("settings.profile.timeFormat")} htmlFor="profile-time-format">
            <Select id="profile-time-format" {...register("timeFormat")}>
              <option value="12h">{t("settings.profile.h12")}</option>
              <option value="24h">{t("settings.profile.h24")}</option>
            </Select>
          </Field>
          <Field label={t("settings.profile.weekStart")} htmlFor="profile-week-start">
            <Select id="profile-week-start" {...register("weekStart")}>
              <option value="sunday">{t("settings.profile.sunday")}</option>
              <option value="monday">{t("settings.profile.monday")}</option>
            </Select>
          </Field>
        </div>
        <Controller
          control={control}
          name="appLanguage"
          render={({ field }) => (
            <Field
              label={t("settings.profile.appLanguage")}
              htmlFor="profile-app-language"
              hint={t("settings.profile.appLanguageHint")}
            >
              <LanguageSelect
                id="profile-app-language"
                value={field.value ?? null}
                onChange={field.onChange}
                unsetLabel={t("settings.profile.browserLanguage")}
              />
            </Field>
          )}
        />
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Field
              label={t("settings.profile.bookingLanguage")}
              htmlFor="profile-language"
              hint={t("settings.profile.bookingLanguageHint")}
            >
              <LanguageSelect
                id="profile-language"
                value={field.value ?? null}
                onChange={field.onChange}
                unsetLabel={t("settings.profile.inviteeLanguage")}
              />
            </Field>
          )}
        />
        <Field
          label={t("settings.profile.welcome")}
          htmlFor="profile-welcome"
          error={errors.welcomeText?.message}
          hint={t("settings.profile.welcomeHint", { length: welcomeLength, max: WELCOME_TEXT_MAX })}
          className="sm:col-span-2"
        >
          <Textarea
            id="profile-welcome"
            rows={3}
            placeholder={t("settings.profile.welcomePlaceholder")}
            invalid={!!errors.welcomeText}
            {...register("welcomeText")}
          />
        </Field>
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" loading={save.isPending} disabled={!isDirty && !save.isPending}>
            {save.isPending ? t("settings.saving") : t("settings.profile.save")}
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
      setProblem(t("settings.avatar.type"));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem(t("settings.avatar.size"));
      return;
    }
    setBusy("upload");
    try {
      setUser(await uploadAvatar(file));
      toast.success(t("settings.avatar.updated"));
    } catch (error) {
      setProblem(errorMessage(error, t("settings.avatar.uploadFailed")));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy("remove");
    try {
      setUser((await api.delete<WithUser>("/users/avatar")).user);
      toast.success(t("settings.avatar.removed"));
    } catch (error) {
      toast.error(t("settings.avatar.removeFailed"), { description: errorMessage(error) });
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
            {t("settings.avatar.label")}
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
            <ImageUp size={16} aria-hidden />{" "}
            {busy === "upload" ? t("settings.avatar.uploading") : t("settings.avatar.upload")}
          </Button>
          {user.avatar && (
            <Button variant="ghost" size="sm" loading={busy === "remove"} onClick={() => void remove()}>
              <Trash2 size={16} aria-hidden /> {t("settings.avatar.remove")}
            </Button>
          )}
        </div>
        {problem ? (
          <p id="avatar-help" role="alert" className="text-red-600 text-sm">
            {problem}
          </p>
        ) : (
          <p id="avatar-help" className="text-slate-500 text-sm">
            {t("settings.avatar.help")}
          </p>
        )}
      </div>
    </div>
  );
}
