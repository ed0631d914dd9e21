// `vitest run` for `npm test`, run once more when, and only when, a test worker died of the native V8
// abort seen on these machines under Node 24 ("Check failed: jit_page.has_value()", or a trap in a
// WorkerThread): V8's JIT-page registry loses track of WebAssembly code while PGlite's WASM is compiled
// and freed on many threads (nodejs/node#64500). It has hit about one whole-suite run in five; no test
// failed in it. Any real failure, or a crash again on the second run, fails as before.
import { spawn } from "node:child_process";
import path from "node:path";

const vitest = path.resolve(import.meta.dirname, "../node_modules/vitest/vitest.mjs");
const args = ["run", ...process.argv.slice(2)];
const NATIVE_CRASH = /Worker exited unexpectedly|Check failed: jit_page|Fatal error in .*line 0/;

function run() {
  return new Promise((resolve) => {
    let tail = "";
    const child = spawn(process.execPath, [vitest, ...args], { stdio: ["inherit", "pipe", "pipe"] });
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

let result = await run();
if (result.code !== 0 && result.crashed) {
  console.error(
    "\n--- a vitest worker died of a native V8 abort (see scripts/vitest-run.mjs): running the suite once more\n",
  );
  result = await run();
}
process.exit(result.code);
