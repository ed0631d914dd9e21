/**
 * Runs every benchmark file in bench/ (each exports `run()`), in name order. They print figures;
 * nothing here passes or fails. `npm run bench`, or `npm run bench -- slots` for one file.
 *
 * `npm run bench -- booking-api --against <git ref>` runs each chosen file twice in one go, first on a
 * detached checkout of <ref> (a temporary git worktree sharing this node_modules, with this tree's
 * bench/ copied in, so both sides are measured the same way), then on this tree, each in its own process: a change's effect reads as a ratio from one run on one machine state, not
 * as two figures taken hours apart under different loads. A file that reads BENCH_INTERLEAVE_WITH
 * (bench/contacts-cpu.ts) runs once instead, on this tree, with the ref's checkout named there: it
 * measures both in one process, in turn.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const args = process.argv.slice(2);
const againstAt = args.indexOf("--against");
const against = againstAt >= 0 ? args[againstAt + 1] : undefined;
if (againstAt >= 0 && !against) throw new Error("--against needs a git ref, e.g. --against HEAD~1");
const only = args.filter((_, i) => againstAt < 0 || (i !== againstAt && i !== againstAt + 1));
const files = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts")
  .filter((f) => only.length === 0 || only.includes(basename(f, ".ts")))
  .sort();

const git = (cwd: string, ...gitArgs: string[]) => {
  const out = spawnSync("git", gitArgs, { cwd, encoding: "utf8" });
  if (out.status !== 0) throw new Error(`git ${gitArgs.join(" ")}: ${out.stderr.trim()}`);
  return out.stdout.trim();
};

/**
 * Waits (at most two minutes) for the 1-minute load average to fall below 1: a bench's own load (the
 * server and autocannon on two cores) lingers in the average, and the next side should start as quiet
 * as the first did.
 */
function coolDown(): void {
  const until = Date.now() + 120_000;
  while (os.loadavg()[0] >= 1 && Date.now() < until) spawnSync("sleep", ["5"]);
}

/** One bench file in its own process, in checkout `cwd` (this tree or the ref's worktree). */
function runFileIn(cwd: string, name: string, label: string, env: Record<string, string> = {}): void {
  coolDown();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  console.log(`\n=== ${name} on ${label} (load before: ${load})`);
  if (!existsSync(join(cwd, "bench", `${name}.ts`))) {
    console.log(`  (no bench/${name}.ts there)`);
    return;
  }
  const tsx = join(root, "node_modules", "tsx", "dist", "cli.mjs");
  spawnSync(process.execPath, [tsx, join("bench", "run.ts"), name], {
    cwd,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
}

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
if (against) {
  const sha = git(root, "rev-parse", "--verify", `${against}^{commit}`);
  const head = git(root, "rev-parse", "--short", "HEAD");
  const dirty = git(root, "status", "--porcelain", "--untracked-files=no") ? " + uncommitted changes" : "";
  const refTree = mkdtempSync(join(os.tmpdir(), "kairos-bench-"));
  git(root, "worktree", "add", "--detach", refTree, sha);
  try {
    symlinkSync(join(root, "node_modules"), join(refTree, "node_modules"));
    // Both sides run this tree's harness (bench/), so a figure differs by the code measured, not by how.
    cpSync(here, join(refTree, "bench"), { recursive: true });
    for (const file of files) {
      const name = basename(file, ".ts");
      if (readFileSync(join(here, file), "utf8").includes("BENCH_INTERLEAVE_WITH")) {
        // It builds both trees' apps in one process and measures them in turn (bench/contacts-cpu.ts).
        runFileIn(root, name, `this tree (${head}${dirty}) against ${against} (${sha.slice(0, 7)})`, {
          BENCH_INTERLEAVE_WITH: refTree,
        });
        continue;
      }
      runFileIn(refTree, name, `${against} (${sha.slice(0, 7)}), before`);
      runFileIn(root, name, `this tree (${head}${dirty}), after`);
    }
  } finally {
    git(root, "worktree", "remove", "--force", refTree);
    rmSync(refTree, { recursive: true, force: true });
  }
} else {
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => unknown };
    if (typeof mod.run !== "function") {
      console.warn(`${file}: no run() export, skipped`);
      continue;
    }
    await mod.run();
  }
}
