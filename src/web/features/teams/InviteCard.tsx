import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, Mail } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type InviteDto, inviteBody } from "../../../contract/teams";
import { Button, Card, Field, Input, toast } from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { setServerErrors } from "../../lib/formErrors";
import { intlLocale, t } from "../../lib/i18n";
import { teamApi, useTeamMutation } from "./queries";

/** Owners invite by email (a single-use link that lasts 7 days) and revoke pending invitations. */
export function InviteCard({ teamId, invites }: { teamId: string; invites: InviteDto[] }) {
  const invite = useTeamMutation(teamApi.invite);
  const revoke = useTeamMutation(teamApi.revoke);
  const [lastLink, setLastLink] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(inviteBody), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const sent = await invite.mutateAsync({ id: teamId, email });
      setLastLink(sent.link);
      reset();
      toast.success(t("teams.invite.sent", { email: sent.email }));
    } catch (error) {
      setServerErrors(error, setError, ["email"], "email", t("teams.invite.failed"));
    }
  });
  const onRevoke = async (inviteId: string) => {
    try {
      await revoke.mutateAsync({ id: teamId, inviteId });
      toast.success(t("teams.invite.revoked"));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card className="p-5">
      <h3 className="mb-3 font-semibold text-slate-900">{t("teams.invite.title")}</h3>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-wrap items-start gap-3"
        aria-label={t("teams.invite.form")}
      >
        <Field
          label={t("teams.invite.email")}
          htmlFor="invite-email"
          className="min-w-[220px] flex-1"
          error={errors.email?.message}
        >
          <Input
            id="invite-email"
            type="email"
            autoComplete="off"
            invalid={!!errors.email}
            aria-describedby={errors.email ? "invite-email-error" : undefined}
            {...register("email")}
          />
        </Field>
        {/* Lines up with the input under the label, and stays there when an error shows below it. */}
        <Button type="submit" loading={isSubmitting} className="sm:mt-[26px]">
          <Mail size={16} aria-hidden /> {t("teams.invite.send")}
        </Button>
      </form>
      {lastLink && (
        <div className="mt-3 flex items-center gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm">
          <span className="min-w-0 flex-1 truncate text-slate-600" data-testid="invite-link">
            {lastLink}
          </span>
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(lastLink)
                .then(() => toast.success(t("teams.invite.copied")))
            }
          >
            <Copy size={14} aria-hidden /> {t("teams.invite.copy")}
          </Button>
        </div>
      )}
      <p className="mt-2 text-slate-500 text-xs">{t("teams.invite.note")}</p>
      {invites.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100" aria-label={t("teams.invite.pending")}>
          {invites.map((i) => (
            <li key={i._id} className="flex items-center gap-3 py-2 text-sm">
              <span className="flex-1 truncate text-slate-700">{i.email}</span>
              <span className="text-slate-500 text-xs">
                {t("teams.invite.expires", { date: new Date(i.expiresAt).toLocaleDateString(intlLocale()) })}
              </span>
              <Button size="sm" variant="ghost" onClick={() => void onRevoke(i._id)}>
                {t("teams.invite.revoke")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
