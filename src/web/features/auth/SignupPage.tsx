import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { registerBody } from "../../../contract/auth";
import type { authResponses } from "../../../contract/responses/users";
import { SiteFooter } from "../../components/layout/SiteFooter";
import { Button, Field, Input } from "../../components/ui";
import { ApiError, errorMessage, requestAnswer } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";
import { SsoButtons } from "./SsoButtons";

const signupForm = registerBody.omit({ timezone: true });
type SignupForm = z.infer<typeof signupForm>;

/** The zone the browser runs in, sent so the host's first schedule is in their own time. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export default function SignupPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm>({ resolver: zodResolver(signupForm), mode: "onBlur" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await requestAnswer<typeof authResponses.registered>("POST", "/auth/register", {
        ...values,
        timezone: browserTimeZone(),
      });
      await signIn(answer.token, answer.data.user);
      navigate("/dashboard", { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === "EMAIL_TAKEN") {
        setError("email", { message: error.message }, { shouldFocus: true });
      } else {
        // Spec section 8: the server's message; an answer without one is 'Registration failed'; only a
        // failure that is not an answer at all keeps the sign-up page's own 'An unexpected error occurred'.
        setFormError(errorMessage(error, error instanceof ApiError ? t("auth.signup.failed") : undefined));
      }
    }
  });

  return (
    <>
      <AuthLayout
        headerAction={
          <Link to="/login" className="font-medium text-accent-strong text-sm hover:underline">
            {t("auth.login.submit")}
          </Link>
        }
      >
        <h1 className="font-semibold text-2xl text-slate-900">{t("auth.signup.title")}</h1>
        <p className="mt-2 text-slate-500 text-sm">{t("auth.signup.subtitle")}</p>
        <form
          onSubmit={onSubmit}
          noValidate
          className="mt-8 flex flex-col gap-4"
          aria-label={t("auth.signUp")}
        >
          {formError && (
            <div
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
            >
              {formError}
            </div>
          )}
          <Field label={t("auth.signup.name")} htmlFor="name" error={errors.name?.message}>
            <Input id="name" autoComplete="name" invalid={!!errors.name} {...register("name")} />
          </Field>
          <Field label={t("auth.email")} htmlFor="email" error={errors.email?.message}>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              invalid={!!errors.email}
              {...register("email")}
            />
          </Field>
          <Field
            label={t("auth.password")}
            htmlFor="password"
            error={errors.password?.message}
            hint={t("auth.signup.passwordHint")}
          >
            <div className="relative">
              <Input
                id="password"
                type={showPassword ? "text" : "password"}
                autoComplete="new-password"
                className="pe-10"
                invalid={!!errors.password}
                {...register("password")}
              />
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                aria-label={showPassword ? t("auth.signup.hide") : t("auth.signup.show")}
                className="absolute inset-y-0 end-0 flex items-center px-3 text-slate-500 hover:text-slate-700"
              >
                {showPassword ? <EyeOff size={16} /> : <Eye size={16} />}
              </button>
            </div>
          </Field>
          <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
            {isSubmitting ? t("auth.signup.creating") : t("auth.signup.submit")}
          </Button>
        </form>
        <div className="mt-3">
          <SsoButtons mode="signup" returnPath="/dashboard" divider="before" />
        </div>
        <p className="mt-6 text-center text-slate-500 text-xs">
          {t("auth.signup.agree")}{" "}
          <Link to="/terms" className="underline hover:text-slate-700">
            {t("auth.signup.terms")}
          </Link>{" "}
          {t("auth.signup.and")}{" "}
          <Link to="/privacy" className="underline hover:text-slate-700">
            {t("auth.signup.privacy")}
          </Link>
          {t("auth.signup.agreeEnd")}
        </p>
      </AuthLayout>
      <SiteFooter />
    </>
  );
}
