import type { EventTypeTeamBody } from "../../../contract/event-types.js";
import type { EventTypeHostsBody, EventTypeHostsDto } from "../../../contract/teams.js";
import type { Db, DbOrTx } from "../../db/client.js";
import type { UserRow } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { createHostsRepo } from "./repo-hosts.js";

const EVENT_NOT_FOUND = "Event type not found";
export const TEAM_KINDS = new Set(["round-robin", "collective"]);

/** Who hosts a team event type: members of its team, with round-robin weights and priorities. */
export function createTeamHostsService(db: Db) {
  const repo = createHostsRepo(db);

  async function read(eventTypeId: string, teamId: string | null): Promise<EventTypeHostsDto> {
    const hosts = await repo.hosts(eventTypeId);
    return {
      teamId,
      hosts: hosts.map((h) => ({
        _id: h.userId,
        name: h.name,
        avatar: h.avatar,
        weight: h.weight,
        priority: h.priority,
      })),
    };
  }

  return {
    async get(user: UserRow, eventTypeId: string): Promise<EventTypeHostsDto> {
      const et = await repo.eventTypeVisibleTo(user.id, eventTypeId);
      if (!et) throw notFound(EVENT_NOT_FOUND);
      return read(et.id, et.teamId);
    },

    /** The event type's owner names its team (one of theirs) and hosts (members of that team). */
    async set(user: UserRow, eventTypeId: string, body: EventTypeHostsBody): Promise<EventTypeHostsDto> {
      await db.transaction((tx) => save(tx, user, eventTypeId, body));
      return read(eventTypeId, body.teamId);
    },

    /** The event type editor's one save: team and hosts inside the event type's transaction. */
    save: (user: UserRow, eventTypeId: string, body: EventTypeTeamBody, tx: DbOrTx) =>
      save(tx, user, eventTypeId, body),

    copy: (fromId: string, toId: string, tx: DbOrTx) => createHostsRepo(tx).copyHosts(fromId, toId),

    /** Team and hosts of event types, for their cards and public pages. */
    async partsOf(rows: { id: string; teamId: string | null }[]) {
      const [hosts, teams] = await Promise.all([
        repo.hostsOf(rows.map((r) => r.id)),
        repo.teamsOf([...new Set(rows.flatMap((r) => (r.teamId ? [r.teamId] : [])))]),
      ]);
      const teamById = new Map(teams.map((t) => [t.id, t]));
      return new Map(
        rows.map((r) => {
          const team = r.teamId ? teamById.get(r.teamId) : undefined;
          return [
            r.id,
            {
              team: team ? { _id: team.id, name: team.name, slug: team.slug, logo: team.logo } : null,
              hosts: hosts
                .filter((h) => h.eventTypeId === r.id)
                .map((h) => ({ _id: h.userId, name: h.name, avatar: h.avatar })),
            },
          ];
        }),
      );
    },
  };
}

/** Checks the owner, kind, team and members, then replaces the hosts (an empty list is kept). */
async function save(tx: DbOrTx, user: UserRow, eventTypeId: string, body: EventTypeTeamBody): Promise<void> {
  const repo = createHostsRepo(tx);
  const et = await repo.eventTypeVisibleTo(user.id, eventTypeId);
  if (!et || et.userId !== user.id) throw notFound(EVENT_NOT_FOUND);
  if (!TEAM_KINDS.has(et.kind)) {
    throw badRequest("Only round robin and collective event types have team hosts.", {
      hosts: "Not a team event type",
    });
  }
  if (!(await repo.isMember(user.id, body.teamId))) {
    throw badRequest("Choose one of your teams", { teamId: "Unknown team" });
  }
  const ids = [...new Set(body.hosts.map((h) => h.userId))];
  const members = await repo.hostsOfTeam(body.teamId, ids);
  if (members.length !== ids.length) {
    throw badRequest("Every host must be a member of the team", { hosts: "Not a team member" });
  }
  const byId = new Map(body.hosts.map((h) => [h.userId, h]));
  await repo.replace(
    et.id,
    body.teamId,
    ids.map((id) => ({
      userId: id,
      weight: byId.get(id)?.weight ?? 1,
      priority: byId.get(id)?.priority ?? 0,
    })),
  );
}

export type TeamHostsService = ReturnType<typeof createTeamHostsService>;
