/**
 * Cold start and memory of the real server (`node scripts/start.mjs`), on a
 * fresh PGlite folder and on PostgreSQL (BENCH_DATABASE_URL, default the local
 * server; a throwaway database is created and dropped). Prints time until
 * /api/health answers and the process's resident memory after start and after
 * a few hundred requests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("server did not become healthy");
}

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const port = 3400 + Math.floor(Math.random() * 500);
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: "ignore",
  });
  try {
    await waitForHealth(url, child);
    const coldMs = Math.round(performance.now() - started);
    const rssStart = rssMb(child.pid!);
    for (let i = 0; i < 300; i++) {
      await fetch(`${url}/api/health`);
      await fetch(`${url}/`);
    }
    const rssWarm = rssMb(child.pid!);
    console.log(
      `  ${label.padEnd(26)} cold start ${String(coldMs).padStart(6)} ms   RSS ${rssStart} MB at start, ${rssWarm} MB after 600 requests`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

export async function run(): Promise<void> {
  console.log("\nstartup (node scripts/start.mjs, web bundle already built)");
  const dataRoot = mkdtempSync(path.join(tmpdir(), "kairos-bench-"));
  try {
    await measure("PGlite, new folder", { DATA_DIR: path.join(dataRoot, "data"), DATABASE_URL: "" });
    await measure("PGlite, existing folder", { DATA_DIR: path.join(dataRoot, "data"), DATABASE_URL: "" });
  } finally {
    rmSync(dataRoot, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `kairos_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    console.log("  PostgreSQL not reachable; skipped");
    return;
  }
  await admin.query(`create database ${name}`);
  try {
    const dbUrl = new URL(adminUrl);
    dbUrl.pathname = `/${name}`;
    await measure("PostgreSQL, new database", { DATABASE_URL: dbUrl.toString() });
    await measure("PostgreSQL, migrated", { DATABASE_URL: dbUrl.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
