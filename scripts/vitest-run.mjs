// `vitest run` for `npm test`, with a second run when, and only when, a test worker died of the native V8
// abort seen on these machines under Node 24 ("Check failed: jit_page.has_value()", or a trap in a
// WorkerThread): V8's JIT-page registry loses track of WebAssembly code while PGlite's WASM is compiled
// and freed on many threads (nodejs/node#64500). It has hit about one whole-suite run in five; no test
// failed in it. The second run takes only the files with a test that did not pass (the dead worker's
// file never finishes its tests; vitest still runs the other files), not the whole suite again: that
// was 13 more minutes of CI. Any real failure, or a crash again on the second run, fails as before.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const vitest = path.resolve(import.meta.dirname, "../node_modules/vitest/vitest.mjs");
const NATIVE_CRASH = /Worker exited unexpectedly|Check failed: jit_page|Fatal error in .*line 0/;

/** Runs vitest with `args`; `report` also gets vitest's JSON report of each file's tests. */
function run(args, report) {
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  return new Promise((resolve) => {
    let tail = "";
    const child = spawn(process.execPath, [vitest, "run", ...reporters, ...args], {
      stdio: ["inherit", "pipe", "pipe"],
    });
    const keep = (chunk, out) => {
      out.write(chunk);
      tail = (tail + chunk.toString()).slice(-200_000);
    };
    child.stdout.on("data", (c) => keep(c, process.stdout));
    child.stderr.on("data", (c) => keep(c, process.stderr));
    child.on("close", (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), crashed: NATIVE_CRASH.test(tail) }),
    );
  });
}

/**
 * The test files to run again: those with a test that did not pass. A dead worker's file is reported
 * as passed with its tests left pending, so each test's status is read, not the file's. Null (run
 * everything again) when the report is missing or names no such file.
 */
function filesToRunAgain(report) {
  let results;
  try {
    results = JSON.parse(fs.readFileSync(report, "utf8")).testResults;
  } catch {
    return null;
  }
  const files = results
    .filter(
      (file) =>
        file.status !== "passed" ||
        file.assertionResults.length === 0 ||
        file.assertionResults.some((test) => test.status !== "passed"),
    )
    .map((file) => file.name);
  return files.length > 0 ? files : null;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-vitest-"));
try {
  const args = process.argv.slice(2);
  let result = await run(args, path.join(dir, "first.json"));
  if (result.code !== 0 && result.crashed) {
    const again = filesToRunAgain(path.join(dir, "first.json"));
    const what = again ? `the ${again.length} file(s) whose tests did not all pass` : "the suite";
    console.error(
      `\n--- a vitest worker died of a native V8 abort (see scripts/vitest-run.mjs): running ${what} once more\n`,
    );
    result = await run(again ?? args, path.join(dir, "second.json"));
  }
  process.exitCode = result.code;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
