import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { forgotPasswordBody } from "../../../contract/users";
import { Button, Field, Input } from "../../components/ui";
import { errorMessage, request } from "../../lib/api";
import { t } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";

type Form = z.infer<typeof forgotPasswordBody>;

/** /forgot-password: asks for a reset link. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(forgotPasswordBody), mode: "onBlur" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const envelope = await request("POST", "/auth/forgot-password", values);
      setSent(envelope.message ?? t("auth.forgot.checkInbox"));
    } catch (error) {
      setFormError(errorMessage(error));
    }
  });

  return (
    <AuthLayout
      headerAction={
        <Link to="/login" className="font-medium text-accent-strong text-sm hover:underline">
          {t("auth.forgot.back")}
        </Link>
      }
    >
      <h1 className="font-semibold text-2xl text-slate-900">{t("auth.forgot.title")}</h1>
      {sent ? (
        <div role="status" className="mt-6 flex flex-col items-start gap-4">
          <MailCheck size={36} className="text-accent-strong" aria-hidden />
          <p className="text-slate-700 text-sm leading-6">{sent}</p>
          <p className="text-slate-500 text-sm leading-6">{t("auth.forgot.once")}</p>
          <Link to="/login" className="font-medium text-accent-strong text-sm hover:underline">
            {t("auth.forgot.back")}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-500 text-sm">{t("auth.forgot.text")}</p>
          <form
            onSubmit={onSubmit}
            noValidate
            className="mt-8 flex flex-col gap-4"
            aria-label={t("auth.forgot.form")}
          >
            {formError && (
              <div
                role="alert"
                className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700 text-sm"
              >
                {formError}
              </div>
            )}
            <Field label={t("auth.email")} htmlFor="forgot-email" error={errors.email?.message}>
              <Input
                id="forgot-email"
                type="email"
                autoComplete="email"
                placeholder={t("auth.emailPlaceholder")}
                invalid={!!errors.email}
                {...register("email")}
              />
            </Field>
            <Button type="submit" fullWidth size="lg" loading={isSubmitting}>
              {isSubmitting ? t("auth.forgot.sending") : t("auth.forgot.send")}
            </Button>
          </form>
        </>
      )}
    </AuthLayout>
  );
}
