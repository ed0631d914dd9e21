import pg from "pg";
import { openDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";
import { migrationSetHash } from "./migration-set.js";

/** Held on the admin database while a template is checked, made or dropped; any constant works. */
const TEMPLATE_LOCK_KEY = 724_311_907;
/** Templates of other migration sets not used for this long are dropped (other worktrees' runs). */
const STALE_AFTER_MS = 60 * 60 * 1000;
const PREFIX = "kairos_template_";

let ensuring: Promise<string> | undefined;

/**
 * The name of a database on the server of adminUrl with every migration applied, for
 * `create database ... template` (a copy of the files, no migrations run): one per migration set
 * (migrationSetHash), made once under an advisory lock so parallel test processes do not race. It
 * holds what the migrations make: tables, functions, triggers, the extensions (btree_gist, pg_trgm)
 * and drizzle's journal; the migrations set nothing per database or per role that a copy would lose.
 */
export function migratedTemplate(adminUrl: string): Promise<string> {
  ensuring ??= ensureTemplate(adminUrl);
  ensuring.catch(() => {
    ensuring = undefined;
  });
  return ensuring;
}

/** Forgets the template found, so the next call looks again (it was dropped under us). */
export function forgetTemplate(): void {
  ensuring = undefined;
}

async function ensureTemplate(adminUrl: string): Promise<string> {
  const name = `${PREFIX}${migrationSetHash()}`;
  return withAdmin(adminUrl, async (admin) => {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount === 0) {
        // Built under another name and renamed once complete: a process that died half-way leaves
        // only a `_building` database, which the next one drops.
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const database = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, building) });
        try {
          await runMigrations(database);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      // When it was last used, so that another migration set's run can tell it is stale.
      await admin.query(`comment on database ${name} is '${Date.now()}'`);
      await dropStale(admin, name);
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
    return name;
  });
}

async function dropStale(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ name: string; used: string | null }>(
    `select datname as name, shobj_description(oid, 'pg_database') as used from pg_database
     where starts_with(datname, $1) and datname <> $2`,
    [PREFIX, current],
  );
  for (const { name, used } of rows) {
    const building = name.endsWith("_building"); // left by a process that died: nobody builds under our lock
    if (building || Date.now() - Number(used ?? 0) > STALE_AFTER_MS)
      await admin.query(`drop database if exists ${name} with (force)`);
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
