import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { PASSWORD_MIN } from "../../../contract/auth";
import { Button, buttonClasses, Field, Input, toast } from "../../components/ui";
import { errorMessage, request, setToken } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";

const form = z
  .object({
    // Messages as functions: read in the language active when the form is checked.
    password: z
      .string()
      .min(PASSWORD_MIN, { error: () => t("auth.reset.tooShort", { min: PASSWORD_MIN }) })
      .max(200),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], error: () => t("auth.reset.mismatch") });
type Form = z.infer<typeof form>;

/** /reset-password?token=...: sets a new password from the mailed link; every session ends. */
export default function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(form), mode: "onBlur" });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await request("POST", "/auth/reset-password", { token, password });
      // Every session ended on the server, this browser's too.
      await signOut();
      setToken(null);
      toast.success(t("auth.reset.done"), { description: t("auth.reset.doneText") });
      navigate("/login", { replace: true });
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  return (
    <AuthLayout>
      <h1 className="font-semibold text-2xl text-slate-900">{t("auth.reset.title")}</h1>
      {!token ? (
        <div className="mt-6 flex flex-col items-start gap-4">
          <p role="alert" className="text-slate-700 text-sm">
            {t("auth.reset.incomplete")}
          </p>
          <Link to="/forgot-password" className={buttonClasses({ variant: "outline" })}>
            {t("auth.reset.askNew")}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-500 text-sm">{t("auth.reset.signsOut")}</p>
          <form
            onSubmit={onSubmit}
            noValidate
            className="mt-8 flex flex-col gap-4"
            aria-label={t("auth.reset.title")}
          >
            {formError && (
              <div
                role="alert"
                className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
              >
                {formError}{" "}
                <Link to="/forgot-password" className="font-medium underline">
                  {t("auth.reset.askNew")}
                </Link>
              </div>
            )}
            <Field
              label={t("auth.reset.newPassword")}
              htmlFor="reset-password"
              error={errors.password?.message}
            >
              <Input
                id="reset-password"
                type="password"
                autoComplete="new-password"
                invalid={!!errors.password}
                {...register("password")}
              />
            </Field>
            <Field label={t("auth.reset.repeat")} htmlFor="reset-confirm" error={errors.confirm?.message}>
              <Input
                id="reset-confirm"
                type="password"
                autoComplete="new-password"
                invalid={!!errors.confirm}
                {...register("confirm")}
              />
            </Field>
            <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
              {isSubmitting ? t("auth.reset.saving") : t("auth.reset.submit")}
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  );
}
