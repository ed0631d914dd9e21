import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { AnswerData } from "../../../contract/responses/shared";
import type { usersResponses } from "../../../contract/responses/users";
import { buttonClasses, Spinner } from "../../components/ui";
import { errorMessage, request } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";
import { AuthLayout } from "./AuthLayout";

/** /confirm-email?token=...: opening the link sent to the new address makes the change. */
export default function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const token = search.get("token") ?? "";
  const { user, setUser } = useAuth();
  const [state, setState] = useState<{ status: "working" | "done" | "failed"; message?: string }>({
    status: token ? "working" : "failed",
    message: token ? undefined : t("auth.confirm.incomplete"),
  });
  const started = useRef(false);

  useEffect(() => {
    // Once: the token is single use, so a second call (StrictMode, re-render) would fail.
    if (!token || started.current) return;
    started.current = true;
    request<AnswerData<typeof usersResponses.withUser>>("POST", "/auth/confirm-email", { token }).then(
      (envelope) => {
        const changed = envelope.data?.user;
        if (changed && user && changed._id === user._id) setUser(changed);
        setState({
          status: "done",
          message: t("auth.confirm.nowUses", { email: changed?.email ?? t("auth.confirm.newAddress") }),
        });
      },
      (error) => setState({ status: "failed", message: errorMessage(error) }),
    );
  }, [token, user, setUser]);

  return (
    <AuthLayout>
      <div role="status" className="flex flex-col items-start gap-4">
        {state.status === "working" ? (
          <>
            <Spinner />
            <p className="text-slate-700 text-sm">{t("auth.confirm.working")}</p>
          </>
        ) : state.status === "done" ? (
          <>
            <CircleCheck size={40} className="text-green-600" aria-hidden />
            <h1 className="font-semibold text-2xl text-slate-900">{t("auth.confirm.done")}</h1>
            <p className="text-slate-700 text-sm">{state.message}</p>
            <Link to={user ? "/settings" : "/login"} className={buttonClasses({ variant: "primary" })}>
              {user ? t("auth.confirm.backToSettings") : t("auth.logIn")}
            </Link>
          </>
        ) : (
          <>
            <CircleAlert size={40} className="text-red-600" aria-hidden />
            <h1 className="font-semibold text-2xl text-slate-900">{t("auth.confirm.failed")}</h1>
            <p className="text-slate-700 text-sm">{state.message}</p>
            <Link
              to={user ? "/settings#security" : "/login"}
              className={buttonClasses({ variant: "outline" })}
            >
              {user ? t("auth.confirm.backToSettings") : t("auth.logIn")}
            </Link>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
