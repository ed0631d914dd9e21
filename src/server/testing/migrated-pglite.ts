import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, pgliteDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";
import { PgliteRemote } from "../db/pglite-remote.js";
import { migrationSetHash } from "./migration-set.js";

/** Tarballs of other migration sets not used for this long are deleted when a new one is made. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const PREFIX = "kairos-test-pglite-";

let loading: Promise<Uint8Array> | undefined;

/**
 * A fresh in-memory PGlite with every migration, started from a migrated data folder instead of
 * running initdb and the migrations again: those took ~3-5 s of CPU per database, and the suite opens
 * hundreds; a start from the tarball takes ~0.7 s. The tarball is made once per migration set
 * (migrationSetHash) and kept in the system's temporary folder, so every test process of the run,
 * and later runs, share it. Each database is its own copy: nothing one test writes reaches another.
 */
export async function openMigratedPglite(): Promise<Database> {
  const dataDir = await migratedDataDir();
  return pgliteDatabase(await PgliteRemote.create(null, { loadDataDir: dataDir }));
}

function migratedDataDir(): Promise<Uint8Array> {
  loading ??= readOrMake();
  loading.catch(() => {
    loading = undefined; // a failure is tried again by the next database, not remembered
  });
  return loading;
}

async function readOrMake(): Promise<Uint8Array> {
  const file = path.join(os.tmpdir(), `${PREFIX}${migrationSetHash()}.tar`);
  try {
    const tarball = new Uint8Array(await fs.promises.readFile(file));
    const now = new Date();
    await fs.promises.utimes(file, now, now).catch(() => {}); // in use: not stale for other sets' runs
    return tarball;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // Two processes may both make it at the start of a run; each writes its own file and renames it
  // into place, so a reader never sees half a tarball.
  const client = await PgliteRemote.create(null);
  let tarball: Uint8Array;
  try {
    await runMigrations(pgliteDatabase(client));
    tarball = await client.dumpDataDir();
  } finally {
    await client.close();
  }
  const partial = `${file}.${process.pid}.partial`;
  await fs.promises.writeFile(partial, tarball);
  await fs.promises.rename(partial, file);
  await deleteStale(path.basename(file));
  return tarball;
}

async function deleteStale(current: string): Promise<void> {
  const folder = os.tmpdir();
  for (const name of await fs.promises.readdir(folder)) {
    if (!name.startsWith(PREFIX) || name === current) continue;
    const file = path.join(folder, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > STALE_AFTER_MS) await fs.promises.rm(file, { force: true });
  }
}
