import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { migrationsFolder } from "../db/migrate.js";

let cached: string | undefined;

/**
 * A short hash of what the migrator applies (the journal and every SQL file) and of the PGlite
 * release (its data folder format): the name of the migrated template a test database starts from
 * (testing/migrated-pglite.ts, testing/postgres-template.ts). A changed or added migration, or another
 * PGlite, names a new template, so a test never starts from an outdated one.
 */
export function migrationSetHash(): string {
  if (cached) return cached;
  const hash = createHash("sha256");
  const files = [
    path.join(migrationsFolder, "meta", "_journal.json"),
    ...fs
      .readdirSync(migrationsFolder)
      .filter((file) => file.endsWith(".sql"))
      .sort()
      .map((file) => path.join(migrationsFolder, file)),
  ];
  for (const file of files) hash.update(path.basename(file)).update("\0").update(fs.readFileSync(file));
  const pglitePackage = new URL("../package.json", import.meta.resolve("@electric-sql/pglite"));
  hash.update(JSON.parse(fs.readFileSync(pglitePackage, "utf8")).version);
  cached = hash.digest("hex").slice(0, 16);
  return cached;
}
