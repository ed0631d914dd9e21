import { Copy, Crown, LogOut, Mail, Plus, Trash2, UserMinus, UsersRound } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/layout/PageHeader";
import {
  Avatar,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Field,
  Input,
  Skeleton,
  toast,
} from "../../components/ui";
import { errorMessage } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { teamApi, useTeam, useTeamMutation, useTeams } from "./queries";

const KIND_LABEL: Record<string, string> = { "round-robin": "Round Robin", collective: "Collective" };

/** Teams: create one, invite members, manage roles, see the team's event types. */
export default function TeamsPage() {
  const teams = useTeams();
  const [selected, setSelected] = useState<string | null>(null);
  const create = useTeamMutation(teamApi.create);
  const [name, setName] = useState("");
  const [logo, setLogo] = useState("");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!selected && teams.data?.[0]) setSelected(teams.data[0]._id);
  }, [teams.data, selected]);

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const team = await create.mutateAsync({ name, logo: logo.trim() || null });
      toast.success(`Team "${team.name}" created`);
      setName("");
      setLogo("");
      setSelected(team._id);
    } catch (err) {
      setError(errorMessage(err, "Failed to create team"));
    }
  };

  return (
    <>
      <PageHeader title="Teams" subtitle="Host round robin and collective events together" />
      <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
        <div className="flex flex-col gap-4">
          <Card className="p-4">
            <h2 className="mb-3 font-semibold text-slate-900 text-sm">Your teams</h2>
            {teams.isLoading ? (
              <div className="flex flex-col gap-2">
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
              </div>
            ) : teams.isError ? (
              <p role="alert" className="text-red-600 text-sm">
                {errorMessage(teams.error, "Failed to load teams")}
              </p>
            ) : teams.data?.length === 0 ? (
              <EmptyState
                icon={UsersRound}
                title="No teams yet"
                description="Create a team, then invite people by email."
              />
            ) : (
              <ul className="flex flex-col gap-1">
                {teams.data?.map((t) => (
                  <li key={t._id}>
                    <button
                      type="button"
                      onClick={() => setSelected(t._id)}
                      aria-current={selected === t._id ? "true" : undefined}
                      className={`flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-50 ${selected === t._id ? "bg-accent-soft" : ""}`}
                    >
                      <Avatar name={t.name} src={t.logo ?? undefined} size={28} />
                      <span className="flex-1 truncate font-medium text-slate-800">{t.name}</span>
                      <Badge tone={t.role === "owner" ? "blue" : "grey"}>
                        {t.role === "owner" ? "Owner" : "Member"}
                      </Badge>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card className="p-4">
            <form onSubmit={onCreate} className="flex flex-col gap-3" aria-label="Create team">
              <h2 className="font-semibold text-slate-900 text-sm">New team</h2>
              <Field label="Team name *" htmlFor="team-name">
                <Input
                  id="team-name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  autoComplete="off"
                />
              </Field>
              <Field label="Logo URL (optional)" htmlFor="team-logo" hint="An https:// image link">
                <Input
                  id="team-logo"
                  value={logo}
                  onChange={(e) => setLogo(e.target.value)}
                  placeholder="https://..."
                />
              </Field>
              {error && (
                <p role="alert" className="text-red-600 text-sm">
                  {error}
                </p>
              )}
              <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                <Plus size={16} /> Create team
              </Button>
            </form>
          </Card>
        </div>
        {selected ? <TeamDetail id={selected} onGone={() => setSelected(null)} /> : null}
      </div>
    </>
  );
}

function TeamDetail({ id, onGone }: { id: string; onGone: () => void }) {
  const { user } = useAuth();
  const team = useTeam(id);
  const invite = useTeamMutation(teamApi.invite);
  const revoke = useTeamMutation(teamApi.revoke);
  const setRole = useTeamMutation(teamApi.setRole);
  const removeMember = useTeamMutation(teamApi.removeMember);
  const removeTeam = useTeamMutation(teamApi.remove);
  const [email, setEmail] = useState("");
  const [lastLink, setLastLink] = useState<string | null>(null);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<null | { title: string; action: () => Promise<unknown> }>(null);

  if (team.isLoading) return <Skeleton className="h-80" />;
  if (team.isError || !team.data)
    return (
      <Card className="p-6" role="alert">
        {errorMessage(team.error, "Failed to load team")}
      </Card>
    );
  const t = team.data;
  const isOwner = t.role === "owner";

  const onInvite = async (e: FormEvent) => {
    e.preventDefault();
    setInviteError(null);
    try {
      const sent = await invite.mutateAsync({ id, email });
      setLastLink(sent.link);
      setEmail("");
      toast.success(`Invitation sent to ${sent.email}`);
    } catch (err) {
      setInviteError(errorMessage(err, "Failed to send the invitation"));
    }
  };
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

      {isOwner && (
        <Card className="p-5">
          <h3 className="mb-3 font-semibold text-slate-900">Invite by email</h3>
          <form onSubmit={onInvite} className="flex flex-wrap items-end gap-3" aria-label="Invite member">
            <Field label="Email" htmlFor="invite-email" className="min-w-[220px] flex-1">
              <Input
                id="invite-email"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>
              <Mail size={16} /> Send invitation
            </Button>
          </form>
          {inviteError && (
            <p role="alert" className="mt-2 text-red-600 text-sm">
              {inviteError}
            </p>
          )}
          {lastLink && (
            <div className="mt-3 flex items-center gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate text-slate-600" data-testid="invite-link">
                {lastLink}
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  void navigator.clipboard?.writeText(lastLink).then(() => toast.success("Link copied"))
                }
              >
                <Copy size={14} /> Copy
              </Button>
            </div>
          )}
          <p className="mt-2 text-slate-500 text-xs">The link works once and expires in 7 days.</p>
          {t.invites.length > 0 && (
            <ul className="mt-4 divide-y divide-slate-100" aria-label="Pending invitations">
              {t.invites.map((i) => (
                <li key={i._id} className="flex items-center gap-3 py-2 text-sm">
                  <span className="flex-1 truncate text-slate-700">{i.email}</span>
                  <span className="text-slate-500 text-xs">
                    expires {new Date(i.expiresAt).toLocaleDateString()}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      run(() => revoke.mutateAsync({ id, inviteId: i._id }), "Invitation revoked")
                    }
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}

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
