import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// scripts/check-structure.mjs run against small trees with one planted violation each: the real tree
// is checked by `npm run check`, this shows each rule catches what it promises and lets the rest be.
const script = path.resolve(import.meta.dirname, "../../scripts/check-structure.mjs");
const trees: string[] = [];

afterEach(() => {
  for (const dir of trees.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A tree of two features (bookings, workflows) that passes, with the given files added or replaced. */
function tree(files: Record<string, string | null> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-structure-"));
  trees.push(dir);
  const base: Record<string, string> = {
    "src/server/features/bookings/repo.ts":
      'import { sql } from "drizzle-orm";\nimport type { Db } from "../../db/client.js";\n' +
      "export interface BookingRecord { id: string }\nexport const q = (db: Db) => db.execute(sql`select 1`);\n",
    "src/server/features/bookings/service.ts":
      'import type { Db } from "../../db/client.js";\nimport { q } from "./repo.js";\nexport const createBookingsService = (db: Db) => q(db);\n',
    "src/server/features/bookings/plugin.ts":
      'import { createBookingsService } from "./service.js";\nexport const bookingsPlugin = createBookingsService;\n',
    "src/server/features/bookings/index.ts":
      '// The door.\nexport type { BookingRecord } from "./repo.js";\nexport { createBookingsService } from "./service.js";\n',
    "src/server/features/workflows/service.ts":
      'import type { BookingRecord } from "../bookings/index.js";\nexport const title = (b: BookingRecord) => b.id;\n',
    "src/server/jobs/queue.ts":
      'import { sql } from "drizzle-orm";\nexport const due = sql`run_at < now()`;\n',
    "src/server/calendar-providers/google.ts":
      "export const busy = (api: any) => api.freebusy.query({ items: [] });\n",
    "src/server/features/bookings/bookings.test.ts":
      'import { sql } from "drizzle-orm";\nexport const raw = sql`select 2`;\n',
  };
  for (const [file, text] of Object.entries({ ...base, ...files })) {
    if (text === null) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

function exceptions(value: object): Record<string, string> {
  return { "scripts/structure-exceptions.json": JSON.stringify(value) };
}

function check(dir: string): { ok: boolean; output: string } {
  const run = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
  return { ok: run.status === 0, output: run.stdout + run.stderr };
}

const lines = (n: number) => "export const x = 1;\n".repeat(n);

describe("structure check", () => {
  it("passes a tree that keeps every rule", () => {
    expect(check(tree())).toEqual({ ok: true, output: "Structure check passed\n" });
  });

  describe("file length", () => {
    it("refuses a file over 400 lines that is not listed", () => {
      const result = check(tree({ "src/web/Big.tsx": lines(401) }));
      expect(result.ok).toBe(false);
      expect(result.output).toContain("src/web/Big.tsx: 401 lines, more than 400");
    });

    it("holds a listed file at its count: equal or shorter passes, longer fails", () => {
      const listed = exceptions({ longFiles: { "e2e/long.spec.ts": 450 } });
      expect(check(tree({ "e2e/long.spec.ts": lines(450), ...listed })).ok).toBe(true);
      expect(check(tree({ "e2e/long.spec.ts": lines(420), ...listed })).ok).toBe(true);
      const grown = check(tree({ "e2e/long.spec.ts": lines(451), ...listed }));
      expect(grown.ok).toBe(false);
      expect(grown.output).toContain("451 lines, listed at 450");
    });

    it("asks to remove a listed file that is back under 400 lines or gone", () => {
      const listed = exceptions({ longFiles: { "bench/a.ts": 450, "bench/gone.ts": 500 } });
      const result = check(tree({ "bench/a.ts": lines(400), ...listed }));
      expect(result.ok).toBe(false);
      expect(result.output).toContain("bench/a.ts: 400 lines, under 400 now: remove it");
      expect(result.output).toContain("bench/gone.ts: gone: remove it");
      expect(result.output).toContain("may only shrink");
    });

    it("leaves drizzle-kit's generated migrations alone", () => {
      expect(check(tree({ "src/server/db/migrations/meta/0001_snapshot.json": lines(900) })).ok).toBe(true);
    });
  });

  describe("feature files", () => {
    it("refuses a file name the layout does not have", () => {
      const result = check(tree({ "src/server/features/bookings/helpers.ts": "export {};\n" }));
      expect(result.output).toContain("bookings/helpers.ts: feature files are routes*.ts");
    });

    it("keeps index.ts to re-exports of types and create* factories", () => {
      const result = check(
        tree({
          "src/server/features/bookings/index.ts":
            'export type { BookingRecord } from "./repo.js";\nexport const helper = () => 1;\n',
        }),
      );
      expect(result.ok).toBe(false);
      expect(result.output).toContain("export const helper = () => 1");
      const valueFromRepo = check(
        tree({ "src/server/features/bookings/index.ts": 'export { q } from "./repo.js";\n' }),
      );
      expect(valueFromRepo.ok).toBe(false);
    });
  });

  describe("another feature's repo", () => {
    it("refuses a type import of another feature's repo, and a dynamic import of one", () => {
      const typeImport = check(
        tree({
          "src/server/features/workflows/service.ts":
            'import type { BookingRecord } from "../bookings/repo.js";\n',
        }),
      );
      expect(typeImport.output).toContain(
        "src/server/features/workflows/service.ts: imports src/server/features/bookings/repo (another feature's repo)",
      );
      const dynamic = check(
        tree({
          "src/server/features/workflows/service-late.ts":
            'export const m = () => import("../bookings/repo.js");\n',
        }),
      );
      expect(dynamic.output).toContain(
        "workflows/service-late.ts: imports src/server/features/bookings/repo",
      );
    });

    it("reads an import over several lines, and not a string that only looks like a path", () => {
      const result = check(
        tree({
          "src/server/features/workflows/service.ts":
            'import {\n  type BookingRecord,\n  q,\n} from "../bookings/repo.js";\nexport { q, type BookingRecord };\n',
          "src/server/features/workflows/routes.ts": 'export const where = "../bookings/repo.js";\n',
        }),
      );
      expect(result.output).toContain("workflows/service.ts: imports src/server/features/bookings/repo");
      expect(result.output).not.toContain("workflows/routes.ts");
    });

    it("refuses it from outside the features too, and from a split repo-<part>", () => {
      const result = check(
        tree({
          "src/server/features/bookings/repo-list.ts": "export const list = 1;\n",
          "src/server/lib/helper.ts":
            'import { list } from "../features/bookings/repo-list.js";\nexport { list };\n',
        }),
      );
      expect(result.output).toContain(
        "src/server/lib/helper.ts: imports src/server/features/bookings/repo-list",
      );
    });
  });

  describe("feature cycles", () => {
    const chain = {
      "src/server/features/workflows/service.ts":
        'import { createBookingsService } from "../bookings/index.js";\n',
      "src/server/features/contacts/service.ts": 'import type { title } from "../workflows/service.js";\n',
      "src/server/features/bookings/events.ts": 'import type { Contact } from "../contacts/service.js";\n',
    };

    it("finds a cycle through a chain of features, type imports included", () => {
      const result = check(tree(chain));
      expect(result.ok).toBe(false);
      expect(result.output).toContain(
        "bookings/events.ts: server features import each other in a cycle (bookings -> contacts",
      );
      expect(result.output).toContain("(contacts -> workflows closes one)");
      expect(result.output).toContain("(workflows -> bookings closes one)");
    });

    it("passes a listed cycle and asks to remove an entry once its cycle is gone", () => {
      const listed = exceptions({
        featureCycles: { server: ["bookings -> contacts", "contacts -> workflows", "workflows -> bookings"] },
      });
      expect(check(tree({ ...chain, ...listed })).ok).toBe(true);
      const broken = check(
        tree({ ...chain, ...listed, "src/server/features/bookings/events.ts": "export {};\n" }),
      );
      expect(broken.ok).toBe(false);
      expect(broken.output).toContain('server "contacts -> workflows" no longer closes a cycle: remove it');
    });

    it("does not count a test that sets up data through another feature", () => {
      const result = check(
        tree({
          "src/server/features/bookings/flow.test.ts":
            'import { title } from "../workflows/service.js";\nexport { title };\n',
        }),
      );
      expect(result.ok).toBe(true);
    });

    it("checks the web features on their own", () => {
      const result = check(
        tree({
          "src/web/features/teams/TeamsPage.tsx":
            'import { Hosts } from "../event-types/Hosts";\nexport { Hosts };\n',
          "src/web/features/event-types/Hosts.tsx":
            'import { useTeams } from "../teams/queries";\nexport { useTeams };\n',
        }),
      );
      expect(result.output).toContain("web features import each other in a cycle (event-types -> teams");
    });
  });

  describe("SQL only in storage", () => {
    it("refuses a sql template, a raw query or drizzle-orm in a feature's service", () => {
      const result = check(
        tree({
          "src/server/features/workflows/service-sql.ts":
            'import { eq } from "drizzle-orm";\nimport type { Db } from "../../db/client.js";\n' +
            "// a comment about sql`x` is fine\nexport const a = (db: Db) => db.execute(sql`delete from jobs`);\n" +
            "export const b = (db: any, q: string) => db.query(q);\nexport { eq };\n",
        }),
      );
      expect(result.output).toContain("workflows/service-sql.ts: only a feature's repo*.ts may import");
      expect(result.output).toContain("workflows/service-sql.ts:4: SQL belongs in a feature's repo*.ts");
      expect(result.output).toContain("workflows/service-sql.ts:5: SQL belongs in a feature's repo*.ts");
      expect(result.output).not.toContain("service-sql.ts:3");
    });

    it("refuses SQL in lib, mail and jobs outside the named storage modules", () => {
      const result = check(
        tree({
          "src/server/lib/cleanup.ts":
            'import type { Db } from "../db/client.js";\nexport const c = (db: Db) => db.execute(query);\n',
          "src/server/mail/stats.ts": 'import { sql } from "drizzle-orm";\nexport const s = sql`count(*)`;\n',
        }),
      );
      expect(result.output).toContain("src/server/lib/cleanup.ts:2: SQL belongs in a storage module");
      expect(result.output).toContain("src/server/mail/stats.ts: only a storage module");
      expect(result.output).toContain("src/server/mail/stats.ts:2: SQL belongs in a storage module");
    });

    it("elsewhere in the server counts only a query given as a string", () => {
      const result = check(
        tree({
          "src/server/pages.ts": 'export const p = (client: any) => client.query("select * from users");\n',
        }),
      );
      expect(result.output).toContain("src/server/pages.ts:1: SQL belongs in a storage module");
    });
  });
});
