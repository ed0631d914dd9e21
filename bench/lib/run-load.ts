import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  status: Record<string, { count: number }>;
  /** The machine is shared: the 1-minute load average as the run ended says how much else was running. */
  loadAvg: number;
}

/**
 * Runs autocannon (bench/lib/load.mjs) in its own process, so the load generator does not share an
 * event loop with the server it measures. `options` are autocannon's.
 */
export function runLoad(options: object): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, "load.mjs")], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    child.stdin.end(JSON.stringify(options));
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    child.on("exit", (code) =>
      code === 0
        ? resolve({ ...JSON.parse(out), loadAvg: os.loadavg()[0] })
        : reject(new Error(`load exited ${code}`)),
    );
  });
}
