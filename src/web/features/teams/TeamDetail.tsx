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
import { useAuth } from "../../lib/auth";
import { copyText } from "../../lib/clipboard";
import { EmbedCodePanel } from "../embeds/EmbedCodePanel";
import { InviteCard } from "./InviteCard";
import { teamApi, useTeam, useTeamMutation } from "./queries";

const KIND_LABEL: Record<string, string> = { "round-robin": "Round Robin", collective: "Collective" };

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
        <ErrorState title="Failed to load team" query={team} />
      </Card>
    );
  const t = team.data;
  const isOwner = t.role === "owner";

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
        <Avatar name={t.name} src={t.logo ?? undefined} size={48} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-lg text-slate-900">{t.name}</h2>
          <Link to={`/team/${t.slug}`} className="text-accent-strong text-sm hover:underline">
            /team/{t.slug}
          </Link>
        </div>
        <Button variant="outline" onClick={() => setEmbedding(true)}>
          <Code2 size={16} aria-hidden /> Embed
        </Button>
        <Dialog open={embedding} onOpenChange={setEmbedding}>
          <DialogContent
            title={`Embed ${t.name}`}
            description="Put the team page, with every event type the team offers, on your own website."
            widthClassName="max-w-4xl"
          >
            <EmbedCodePanel
              pages={[{ link: `team/${t.slug}`, label: "Team page" }]}
              copy={(text) => void copyText(text)}
            />
          </DialogContent>
        </Dialog>
        {isOwner ? (
          <Button
            variant="outline"
            onClick={() =>
              setConfirm({
                title: `Delete ${t.name}?`,
                action: () => removeTeam.mutateAsync(id).then(onGone),
              })
            }
          >
            <Trash2 size={16} /> Delete team
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() =>
              setConfirm({
                title: `Leave ${t.name}?`,
                action: () => removeMember.mutateAsync({ id, userId: user?._id ?? "" }).then(onGone),
              })
            }
          >
            <LogOut size={16} /> Leave team
          </Button>
        )}
      </Card>

      <Card className="p-5">
        <h3 className="mb-3 font-semibold text-slate-900">Members ({t.members.length})</h3>
        <ul className="divide-y divide-slate-100" aria-label="Members">
          {t.members.map((m) => (
            <li key={m._id} className="flex flex-wrap items-center gap-3 py-2.5">
              <Avatar name={m.name} email={m.email} src={m.avatar ?? undefined} size={32} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-800 text-sm">
                  {m.name}
                  {m._id === user?._id ? " (you)" : ""}
                </p>
                <p className="truncate text-slate-500 text-xs">{m.email}</p>
              </div>
              <Badge tone={m.role === "owner" ? "blue" : "grey"}>
                {m.role === "owner" ? "Owner" : "Member"}
              </Badge>
              {isOwner && m._id !== user?._id && (
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={m.role === "owner" ? `Make ${m.name} a member` : `Make ${m.name} an owner`}
                    onClick={() =>
                      run(
                        () =>
                          setRole.mutateAsync({
                            id,
                            userId: m._id,
                            role: m.role === "owner" ? "member" : "owner",
                          }),
                        "Role updated",
                      )
                    }
                  >
                    <Crown size={14} /> {m.role === "owner" ? "Make member" : "Make owner"}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${m.name}`}
                    onClick={() =>
                      setConfirm({
                        title: `Remove ${m.name} from ${t.name}?`,
                        action: () => removeMember.mutateAsync({ id, userId: m._id }),
                      })
                    }
                  >
                    <UserMinus size={14} /> Remove
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
      </Card>

      {isOwner && <InviteCard teamId={id} invites={t.invites} />}

      <Card className="p-5">
        <h3 className="mb-3 font-semibold text-slate-900">Team event types</h3>
        {t.eventTypes.length === 0 ? (
          <p className="text-slate-500 text-sm">
            None yet. Create a Round Robin or Collective event type and choose this team's members as its
            hosts.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {t.eventTypes.map((e) => (
              <li key={e._id} className="flex flex-wrap items-center gap-3 py-2.5 text-sm">
                <span className="size-2.5 rounded-full" style={{ background: e.color }} aria-hidden />
                <span className="flex-1 font-medium text-slate-800">{e.title}</span>
                <Badge>{KIND_LABEL[e.type] ?? e.type}</Badge>
                <span className="text-slate-500">{e.hosts.map((h) => h.name).join(", ") || "No hosts"}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.title ?? ""}
        confirmLabel="Yes"
        onConfirm={async () => {
          if (confirm) await run(confirm.action, "Done");
          setConfirm(null);
        }}
      />
    </div>
  );
}
