// `npm start`: build the web bundle when it is missing, then run the server in this process.
// package.json runs this with `exec`: npm passes SIGTERM on to its child, and without `exec` that
// child is a shell that dies of it while this process keeps the port and the database lock.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// A WEB_DIR elsewhere is someone else's build; only the default folder is built here.
if (!process.env.WEB_DIR && !fs.existsSync(path.join(root, "dist/web/index.html"))) {
  console.log("Building the web app (first start only)...");
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import("tsx/esm/api");
register();
await import("../src/server/main.ts");
