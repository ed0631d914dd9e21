import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PASSWORD_MIN } from "../../../contract/auth";
import { type ChangePasswordBody, changePasswordBody } from "../../../contract/users";
import { SettingsCard } from "../../components/SettingsCard";
import { Button, Field, Input, toast } from "../../components/ui";
import { ApiError, api, errorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";
import { sessionsKey } from "./queries";

/** Security: change the password (needs the current one) and the email (confirmed by a link). */
export function SecuritySection() {
  return (
    <SettingsCard
      id="security"
      title={t("settings.nav.security")}
      description={t("settings.security.description")}
    >
      <div className="grid gap-8 lg:grid-cols-2">
        <PasswordForm />
        <EmailForm />
      </div>
    </SettingsCard>
  );
}

/** Maps the server's per-field errors onto the form; true when there were any. */
function showFieldErrors<T extends string>(
  error: unknown,
  setError: (field: T, e: { message: string }) => void,
) {
  if (!(error instanceof ApiError) || !error.errors) return false;
  for (const [field, message] of Object.entries(error.errors)) setError(field as T, { message });
  return true;
}

function PasswordForm() {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBody), mode: "onBlur" });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api.put("/users/password", values);
      reset({ currentPassword: "", newPassword: "" });
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
      toast.success(t("settings.security.passwordChanged"), {
        description: t("settings.security.othersSignedOut"),
      });
    } catch (error) {
      if (!showFieldErrors(error, setError))
        toast.error(t("settings.security.passwordFailed"), { description: errorMessage(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="password-title">
      <h3 id="password-title" className="font-medium text-slate-900 text-sm">
        {t("settings.security.changePassword")}
      </h3>
      <Field
        label={t("settings.security.currentPassword")}
        htmlFor="current-password"
        error={errors.currentPassword?.message}
      >
        <Input
          id="current-password"
          type="password"
          autoComplete="current-password"
          invalid={!!errors.currentPassword}
          {...register("currentPassword")}
        />
      </Field>
      <Field
        label={t("settings.security.newPassword")}
        htmlFor="new-password"
        error={errors.newPassword?.message}
        hint={t("settings.security.newPasswordHint", { min: PASSWORD_MIN })}
      >
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          invalid={!!errors.newPassword}
          {...register("newPassword")}
        />
      </Field>
      <div>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? t("settings.security.changing") : t("settings.security.changePassword")}
        </Button>
      </div>
    </form>
  );
}

const emailForm = z.object({
  newEmail: z
    .string()
    .trim()
    .toLowerCase()
    // A function: read in the language active when the form is checked.
    .pipe(z.email({ error: () => t("settings.security.invalidEmail") })),
  currentPassword: z.string().max(200),
});
type EmailForm = z.infer<typeof emailForm>;

function EmailForm() {
  const { user } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailForm>({
    resolver: zodResolver(emailForm),
    mode: "onBlur",
    defaultValues: { currentPassword: "" },
  });
  if (!user) return null;

  const onSubmit = handleSubmit(async (values) => {
    if (user.hasPassword && !values.currentPassword) {
      setError("currentPassword", { message: t("settings.security.enterCurrent") });
      return;
    }
    try {
      await api.post("/users/email", {
        newEmail: values.newEmail,
        ...(user.hasPassword ? { currentPassword: values.currentPassword } : {}),
      });
      setSentTo(values.newEmail);
      reset({ newEmail: "", currentPassword: "" });
    } catch (error) {
      if (!showFieldErrors(error, setError)) {
        const message = errorMessage(error);
        if (error instanceof ApiError && error.status === 409) setError("newEmail", { message });
        else toast.error(t("settings.security.emailFailed"), { description: message });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="email-title">
      <h3 id="email-title" className="font-medium text-slate-900 text-sm">
        {t("settings.security.changeEmail")}
      </h3>
      <p className="-mt-2 text-slate-500 text-sm">{t("settings.security.emailNow", { email: user.email })}</p>
      {sentTo && (
        <p
          role="status"
          className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-green-800 text-sm"
        >
          {t("settings.security.checkInbox", { email: sentTo })}
        </p>
      )}
      <Field label={t("settings.security.newEmail")} htmlFor="new-email" error={errors.newEmail?.message}>
        <Input
          id="new-email"
          type="email"
          autoComplete="email"
          invalid={!!errors.newEmail}
          {...register("newEmail")}
        />
      </Field>
      {user.hasPassword && (
        <Field
          label={t("settings.security.currentPassword")}
          htmlFor="email-password"
          error={errors.currentPassword?.message}
        >
          <Input
            id="email-password"
            type="password"
            autoComplete="current-password"
            invalid={!!errors.currentPassword}
            {...register("currentPassword")}
          />
        </Field>
      )}
      <div>
        <Button type="submit" variant="outline" loading={isSubmitting}>
          {isSubmitting ? t("settings.security.sending") : t("settings.security.sendLink")}
        </Button>
      </div>
    </form>
  );
}
