// Keeps the server layout of DESIGN.md honest:
// - a feature folder holds only routes.ts, service.ts, repo.ts and *.test.ts, each of the first three
//   optionally split by concern into routes-<part>.ts, service-<part>.ts, repo-<part>.ts (files stay under
//   ~400 lines), plus events.ts where a feature announces changes to others;
// - inside features, only repo*.ts files import the database client or query builders.
import fs from "node:fs";
import path from "node:path";

const featuresDir = path.resolve("src/server/features");
const allowed = /^(routes|service|repo)(-[a-z0-9]+)*\.ts$|^events\.ts$|\.test\.ts$/;
const isRepo = /^repo(-[a-z0-9]+)*\.ts$/;
const dbImport = /from\s+["'](\.\.\/)+db\/client(\.js)?["']|from\s+["']drizzle-orm["']/;
const problems = [];

for (const feature of fs.readdirSync(featuresDir)) {
  const dir = path.join(featuresDir, feature);
  if (!fs.statSync(dir).isDirectory()) {
    problems.push(`${path.relative(".", dir)}: only feature folders belong in src/server/features`);
    continue;
  }
  for (const file of fs.readdirSync(dir)) {
    const rel = path.relative(".", path.join(dir, file));
    if (!allowed.test(file)) {
      problems.push(`${rel}: feature files are routes*.ts, service*.ts, repo*.ts, events.ts or *.test.ts`);
      continue;
    }
    const source = fs.readFileSync(path.join(dir, file), "utf8");
    const importsDb = source
      .split("\n")
      .filter((line) => line.startsWith("import") && !line.startsWith("import type"))
      .some((line) => dbImport.test(line));
    if (importsDb && !isRepo.test(file) && !file.endsWith(".test.ts")) {
      problems.push(`${rel}: only repo*.ts may import the database client or drizzle-orm`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Structure check failed:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("Structure check passed");
