import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../src/server/db/client.js";

/**
 * A module of the checkout at `tree` (this one, or a ref's for an interleaved bench): both trees' code
 * runs in one process, each from its own files.
 */
export const fromTree = (tree: string, path: string) => import(pathToFileURL(join(tree, path)).href);

/** The app of the checkout at `tree` over `database`, as benchConfig makes it: API only, no mail, no rate limits. */
export async function appOfTree(tree: string, database: Database): Promise<FastifyInstance> {
  const { buildApp } = await fromTree(tree, "src/server/app.ts");
  const { loadConfig } = await fromTree(tree, "src/server/config.ts");
  const unlimited = { max: 1_000_000, windowMs: 60_000 };
  const config = {
    ...loadConfig({}),
    webDir: null,
    smtpUrl: null,
    rateLimits: { login: unlimited, register: unlimited, publicBooking: unlimited },
  };
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}
