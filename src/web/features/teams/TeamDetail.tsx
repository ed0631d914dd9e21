import { Code2, Crown, LogOut, Trash2, UserMinus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  Avatar,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  DialogContent,
  ErrorState,
  Skeleton,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import type { AppMessageId } from "../../lib/app-messages";
import { useAuth } from "../../lib/auth";
import { copyText } from "../../lib/clipboard";
import { t } from "../../lib/i18n";
import { EmbedCodePanel } from "../embeds/EmbedCodePanel";
import { InviteCard } from "./InviteCard";
import { teamApi, useTeam, useTeamMutation } from "./queries";

const KIND_LABEL: Record<string, AppMessageId> = {
  "round-robin": "teams.kind.roundRobin",
  collective: "teams.kind.collective",
};

/** One team: who is in it, invitations (owners), and the event types its members host together. */
export function TeamDetail({ id, onGone }: { id: string; onGone: () => void }) {
  const { user } = useAuth();
  const team = useTeam(id);
  const setRole = useTeamMutation(teamApi.setRole);
  const removeMember = useTeamMutation(teamApi.removeMember);
  const removeTeam = useTeamMutation(teamApi.remove);
  const [confirm, setConfirm] = useState<null | { title: string; action: () => Promise<unknown> }>(null);
  const [embedding, setEmbedding] = useState(false);

  if (team.isLoading) return <Skeleton className="h-80" />;
  if (team.isError || !team.data)
    return (
      <Card>
        <ErrorState title={t("teams.detail.loadFailed")} query={team} />
      </Card>
    );
  const tm = team.data;
  const isOwner = tm.role === "owner";

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-wrap items-center gap-4 p-5">
        <Avatar name={tm.name} src={tm.logo ?? undefined} size={48} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-lg text-slate-900">{tm.name}</h2>
          <Link to={`/team/${tm.slug}`} className="text-accent-strong text-sm hover:underline">
            {`/team/${tm.slug}`}
          </Link>
        </div>
        <Button variant="outline" onClick={() => setEmbedding(true)}>
          <Code2 size={16} aria-hidden /> {t("teams.detail.embed")}
        </Button>
        <Dialog open={embedding} onOpenChange={setEmbedding}>
          <DialogContent
            title={t("teams.detail.embedTitle", { name: tm.name })}
            description={t("teams.detail.embedText")}
            widthClassName="max-w-4xl"
          >
            <EmbedCodePanel
              pages={[{ link: `team/${tm.slug}`, label: t("teams.detail.teamPage") }]}
              copy={(text) => void copyText(text)}
            />
          </DialogContent>
        </Dialog>
        {isOwner ? (
          <Button
            variant="outline"
            onClick={() =>
              setConfirm({
                title: t("teams.detail.deleteTitle", { name: tm.name }),
                action: () => removeTeam.mutateAsync(id).then(onGone),
              })
            }
          >
            <Trash2 size={16} /> {t("teams.detail.delete")}
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() =>
              setConfirm({
                title: t("teams.detail.leaveTitle", { name: tm.name }),
                action: () => removeMember.mutateAsync({ id, userId: user?._id ?? "" }).then(onGone),
              })
            }
          >
            <LogOut size={16} className="rtl:-scale-x-100" /> {t("teams.detail.leave")}
          </Button>
        )}
      </Card>

      <Card className="p-5">
        <h3 className="mb-3 font-semibold text-slate-900">
          {t("teams.detail.membersCount", { count: tm.members.length })}
        </h3>
        <ul className="divide-y divide-slate-100" aria-label={t("teams.members")}>
          {tm.members.map((m) => (
            <li key={m._id} className="flex flex-wrap items-center gap-3 py-2.5">
              <Avatar name={m.name} email={m.email} src={m.avatar ?? undefined} size={32} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-800 text-sm">
                  {m._id === user?._id ? t("teams.detail.you", { name: m.name }) : m.name}
                </p>
                <p className="truncate text-slate-500 text-xs">{m.email}</p>
              </div>
              <Badge tone={m.role === "owner" ? "blue" : "grey"}>
                {t(m.role === "owner" ? "teams.role.owner" : "teams.role.member")}
              </Badge>
              {isOwner && m._id !== user?._id && (
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t(
                      m.role === "owner" ? "teams.detail.makeMemberOf" : "teams.detail.makeOwnerOf",
                      {
                        name: m.name,
                      },
                    )}
                    onClick={() =>
                      run(
                        () =>
                          setRole.mutateAsync({
                            id,
                            userId: m._id,
                            role: m.role === "owner" ? "member" : "owner",
                          }),
                        t("teams.detail.roleUpdated"),
                      )
                    }
                  >
                    <Crown size={14} />{" "}
                    {t(m.role === "owner" ? "teams.detail.makeMember" : "teams.detail.makeOwner")}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("teams.detail.removeOf", { name: m.name })}
                    onClick={() =>
                      setConfirm({
                        title: t("teams.detail.removeTitle", { name: m.name, team: tm.name }),
                        action: () => removeMember.mutateAsync({ id, userId: m._id }),
                      })
                    }
                  >
                    <UserMinus size={14} /> {t("teams.detail.remove")}
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      </Card>

      {isOwner && <InviteCard teamId={id} invites={tm.invites} />}

      <Card className="p-5">
        <h3 className="mb-3 font-semibold text-slate-900">{t("teams.detail.eventTypes")}</h3>
        {tm.eventTypes.length === 0 ? (
          <p className="text-slate-500 text-sm">{t("teams.detail.noEventTypes")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {tm.eventTypes.map((e) => (
              <li key={e._id} className="flex flex-wrap items-center gap-3 py-2.5 text-sm">
                <span className="size-2.5 rounded-full" style={{ background: e.color }} aria-hidden />
                <span className="flex-1 font-medium text-slate-800">{e.title}</span>
                <Badge>{KIND_LABEL[e.type] ? t(KIND_LABEL[e.type]) : e.type}</Badge>
                <span className="text-slate-500">
                  {e.hosts.map((h) => h.name).join(", ") || t("teams.detail.noHosts")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.title ?? ""}
        confirmLabel={t("teams.detail.yes")}
        onConfirm={async () => {
          if (confirm) await run(confirm.action, t("teams.detail.done"));
          setConfirm(null);
        }}
      />
    </div>
  );
}
