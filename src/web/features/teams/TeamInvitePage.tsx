import { UsersRound } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Avatar, Button, buttonClasses, Card, EmptyState, FullPageSpinner, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { t } from "../../lib/i18n";
import { teamApi, useInvitePreview } from "./queries";

/** /team-invite/:token: the invited person signs in or signs up, then accepts. */
export default function TeamInvitePage() {
  const { token = "" } = useParams();
  const preview = useInvitePreview(token);
  const { state, user } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const here = `/team-invite/${token}`;

  if (preview.isLoading || state.status === "loading") return <FullPageSpinner />;
  const p = preview.data;
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const team = await teamApi.accept(token);
      toast.success(t("teams.join.joined", { name: team.name }));
      navigate("/teams");
    } catch (err) {
      setError(errorMessage(err, t("teams.join.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md p-8 text-center">
        {!p ? (
          <EmptyState
            icon={UsersRound}
            title={t("teams.join.notFound")}
            description={t("teams.join.notFoundText")}
          />
        ) : (
          <>
            <div className="mb-4 flex justify-center">
              <Avatar name={p.teamName} src={p.teamLogo ?? undefined} size={56} />
            </div>
            <h1 className="font-semibold text-slate-900 text-xl">
              {t("teams.join.title", { name: p.teamName })}
            </h1>
            <p className="mt-2 text-slate-600 text-sm">
              {p.invitedBy
                ? t("teams.join.invitedBy", { inviter: p.invitedBy, email: p.email })
                : t("teams.join.invitation", { email: p.email })}
            </p>
            {p.status !== "pending" ? (
              <p role="alert" className="mt-6 rounded-md bg-amber-50 px-3 py-2 text-amber-800 text-sm">
                {t(p.status === "used" ? "teams.join.used" : "teams.join.expired")}
              </p>
            ) : state.status === "signedIn" ? (
              <div className="mt-6 flex flex-col gap-3">
                <p className="text-slate-500 text-sm">
                  {t("teams.join.signedInAs", { email: user?.email ?? "" })}
                </p>
                <Button onClick={accept} loading={busy}>
                  {t("teams.join.accept")}
                </Button>
              </div>
            ) : (
              <div className="mt-6 flex flex-col gap-3">
                <Link to="/login" state={{ from: here }} className={buttonClasses({})}>
                  {t("teams.join.signIn")}
                </Link>
                <Link to="/signup" state={{ from: here }} className={buttonClasses({ variant: "outline" })}>
                  {t("teams.join.signUp")}
                </Link>
              </div>
            )}
            {error && (
              <p role="alert" className="mt-3 text-red-600 text-sm">
                {error}
              </p>
            )}
          </>
        )}
      </Card>
    </main>
  );
}
