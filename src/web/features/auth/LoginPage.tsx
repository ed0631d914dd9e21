import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { type LoginBody, loginBody } from "../../../contract/auth";
import type { authResponses } from "../../../contract/responses/users";
import { useReturnPath } from "../../components/layout/RouteGuards";
import { Button, Field, Input } from "../../components/ui";
import { errorMessage, requestAnswer } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";
import { SsoButtons } from "./SsoButtons";

export default function LoginPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBody), mode: "onBlur" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await requestAnswer<typeof authResponses.signedIn>("POST", "/auth/login", values);
      await signIn(answer.token, answer.data.user);
      navigate(returnPath, { replace: true });
    } catch (error) {
      setFormError(errorMessage(error, t("auth.login.failed")));
    }
  });

  return (
    <AuthLayout
      headerAction={
        <span className="text-slate-500 text-sm">
          {t("auth.login.newHere")}{" "}
          <Link to="/signup" className="font-medium text-accent-strong hover:underline">
            {t("auth.signUp")}
          </Link>
        </span>
      }
    >
      <h1 className="font-semibold text-2xl text-slate-900">{t("auth.login.title")}</h1>
      <p className="mt-2 text-slate-500 text-sm">{t("auth.login.welcome")}</p>
      <div className="mt-8">
        <SsoButtons mode="login" returnPath={returnPath} divider="after" />
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t("auth.login.form")}>
        {formError && (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
          >
            {formError}
          </div>
        )}
        <Field label={t("auth.email")} htmlFor="email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder={t("auth.emailPlaceholder")}
            invalid={!!errors.email}
            {...register("email")}
          />
        </Field>
        <Field label={t("auth.password")} htmlFor="password" error={errors.password?.message}>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            invalid={!!errors.password}
            {...register("password")}
          />
        </Field>
        <Link
          to="/forgot-password"
          className="-mt-2 self-end font-medium text-accent-strong text-sm hover:underline"
        >
          {t("auth.login.forgot")}
        </Link>
        <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
          {isSubmitting ? t("auth.login.signingIn") : t("auth.login.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
