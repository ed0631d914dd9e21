/**
 * Runs every benchmark file in bench/ (each exports `run()`), in name order. They print figures;
 * nothing here passes or fails. `npm run bench`, or `npm run bench -- slots` for one file.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts")
  .filter((f) => only.length === 0 || only.includes(basename(f, ".ts")))
  .sort();

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { run?: () => unknown };
  if (typeof mod.run !== "function") {
    console.warn(`${file}: no run() export, skipped`);
    continue;
  }
  await mod.run();
}
