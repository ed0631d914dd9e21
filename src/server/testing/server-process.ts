import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** The repository root (scripts/start.mjs lives under it). */
export const repoRoot = path.resolve(import.meta.dirname, "../../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

/** Whether the server on this loopback port answers its health check. */
export const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

/** Whether a process with this pid still exists (a zombie awaiting its parent counts as gone). */
export function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

/** The pids under `pid`, from /proc (Linux). */
export function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

/** A web folder with a bare index.html, so a start never builds the real bundle. */
export function bareWebDir(dir: string): string {
  const webDir = path.join(dir, "web");
  fs.mkdirSync(webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Kairos</title>");
  return webDir;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Starts `node scripts/start.mjs` (what `npm start` runs) on a loopback port with the given environment
 * on top of this one's, without DATABASE_URL unless `env` sets it.
 */
export function startServer(port: number, env: Record<string, string>): ServerProcess {
  const { DATABASE_URL: _unused, ...inherited } = process.env;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: repoRoot,
    env: { ...inherited, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, output: () => output, exited };
}
