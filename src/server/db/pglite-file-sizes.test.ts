import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { keepFileSizes } from "./pglite-file-sizes.mjs";

/** Where PGlite mounts its data folder inside its own file system. */
const PGDATA = "/pglite/data";

interface EmscriptenFs {
  open(path: string, flags: string): unknown;
  llseek(stream: unknown, offset: number, whence: number): number;
  close(stream: unknown): void;
  stat(path: string): { size: number };
  writeFile(path: string, data: string): void;
  rename(from: string, to: string): void;
  unlink(path: string): void;
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function openFolder(kept: boolean) {
  dir ??= mkdtempSync(join(tmpdir(), "kairos-file-sizes-"));
  const db = await PGlite.create(join(dir, "data"));
  if (kept) keepFileSizes(db.Module);
  return { db, fs: db.Module.FS as unknown as EmscriptenFs };
}

/**
 * Every file of the database's folder whose end, as PostgreSQL finds it (a seek to the end, through
 * PGlite's file system), differs from its size on disk. The first call also fills the kept sizes.
 */
function filesAtOddSizes(fs: EmscriptenFs, database: string): string[] {
  const odd: string[] = [];
  const onDisk = join(dir as string, "data", "base", database);
  for (const name of readdirSync(onDisk)) {
    const stream = fs.open(`${PGDATA}/base/${database}/${name}`, "r");
    try {
      const end = fs.llseek(stream, 0, 2);
      const size = statSync(join(onDisk, name)).size;
      if (end !== size) odd.push(`${name}: ${end} against ${size}`);
    } finally {
      fs.close(stream);
    }
  }
  return odd;
}

describe("the embedded database's kept file sizes", () => {
  it("follow every write and truncation, and leave the data as PostgreSQL wrote it", async () => {
    const { db, fs } = await openFolder(true);
    await db.exec("create table t (id int primary key, pad text); create index t_pad on t (pad)");
    const database = String(
      (await db.query<{ oid: number }>("select oid from pg_database where datname = current_database()"))
        .rows[0].oid,
    );
    const fill = (from: number, to: number) =>
      db.exec(`insert into t select i, repeat(md5(i::text), 4) from generate_series(${from}, ${to}) i`);
    await fill(1, 2_000);
    expect(filesAtOddSizes(fs, database)).toEqual([]);

    // Growth: the heap and both indexes extend after their sizes were read.
    await fill(2_001, 20_000);
    expect(filesAtOddSizes(fs, database)).toEqual([]);

    // Truncation: VACUUM gives the empty tail of the heap back; TRUNCATE and VACUUM FULL write new files.
    await db.exec("delete from t where id > 5000");
    await db.exec("vacuum t");
    expect(filesAtOddSizes(fs, database)).toEqual([]);
    await fill(5_001, 9_000);
    await db.exec("create table u as select * from t; truncate t");
    await db.exec("vacuum full u");
    await fill(1, 3_000);
    expect(filesAtOddSizes(fs, database)).toEqual([]);
    await db.close();

    // The folder opened again without kept sizes reads what was written, by index and by heap.
    const again = await openFolder(false);
    const counts = async () =>
      (
        await again.db.query<{ n: number; sum: number }>(
          "select count(*)::int as n, sum(id)::int as sum from t",
        )
      ).rows[0];
    expect(await counts()).toEqual({ n: 3_000, sum: 4_501_500 });
    await again.db.exec("set enable_seqscan = off");
    expect(await counts()).toEqual({ n: 3_000, sum: 4_501_500 });
    expect((await again.db.query<{ n: number }>("select count(*)::int as n from u")).rows[0].n).toBe(9_000);
    await again.db.close();
  });

  it("find a missing name once it is created or renamed to", async () => {
    const { db, fs } = await openFolder(true);
    const missing = `${PGDATA}/kairos-missing`;
    for (let i = 0; i < 2; i++) expect(() => fs.stat(missing)).toThrow();
    fs.writeFile(missing, "abc");
    expect(fs.stat(missing).size).toBe(3);
    fs.unlink(missing);
    expect(() => fs.stat(missing)).toThrow();
    fs.writeFile(`${PGDATA}/kairos-other`, "abcdef");
    fs.rename(`${PGDATA}/kairos-other`, missing);
    expect(fs.stat(missing).size).toBe(6);
    await db.close();
  });
});
