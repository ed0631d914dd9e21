import fp from "fastify-plugin";
import { teamsRoutes } from "./routes.js";
import { createTeamsService } from "./service.js";
import { createTeamHostsService, type TeamHostsService } from "./service-hosts.js";

/** What other features may use of teams. */
export interface TeamsFeature {
  /** The team members who host each team event type (event types show them). */
  partsOf: TeamHostsService["partsOf"];
  /** Saves and copies an event type's team and hosts within the event type's own save (one save). */
  hostsWriter: Pick<TeamHostsService, "save" | "copy">;
}

declare module "fastify" {
  interface FastifyInstance {
    teams: TeamsFeature;
  }
}

/** Teams: teams, their members and invitations, and who hosts each team event type. */
export const teamsPlugin = fp(
  async (app) => {
    const { db, now, config } = app.infra;
    const teams = createTeamsService(db, { now, publicUrl: config.publicUrl });
    const hosts = createTeamHostsService(db);
    app.decorate("teams", { partsOf: hosts.partsOf, hostsWriter: hosts });
    app.apiRoutes.add((api) => api.register(teamsRoutes, { teams, hosts }));
  },
  { name: "teams" },
);
