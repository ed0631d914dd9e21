import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client.js";
import { jobs } from "../db/schema/index.js";
import { createTestDatabase, type DbKind, dbKinds, postgresUrlOf } from "../testing/database.js";
import { cancelJobs, enqueueJobs, jobsByKey, rescheduleJobs, retryJob } from "./queue.js";
import { createJobRunner, PermanentJobError } from "./runner.js";

const quietLog = { info() {}, warn() {} };
const T0 = new Date("2027-03-15T08:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
let seq = 0;
const uniqueKey = (name: string) => `test:${name}:${++seq}:${Math.random()}`;

function fakeClock(start = T0) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set(d: Date) {
      t = d.getTime();
    },
  };
}

describe.each(dbKinds)("job runner on %s", (kind: DbKind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("runs a job queued in a committed transaction once, at its time; a rolled-back one never", async () => {
    const clock = fakeClock();
    const runner = createJobRunner(database.db, quietLog, { now: clock.now });
    const ran: string[] = [];
    runner.register("test.tx", async (job) => {
      ran.push(job.key as string);
    });
    const kept = uniqueKey("kept");
    const dropped = uniqueKey("dropped");
    await database.db.transaction((tx) =>
      enqueueJobs(tx, { kind: "test.tx", key: kept, runAt: minutes(10) }),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJobs(tx, { kind: "test.tx", key: dropped, runAt: minutes(10) });
        throw new Error("booking failed");
      }),
    ).rejects.toThrow("booking failed");
    expect(await runner.flush()).toBe(0);
    clock.set(minutes(10));
    expect(await runner.flush()).toBe(1);
    expect(await runner.flush()).toBe(0);
    expect(ran).toEqual([kept]);
    const [row] = await jobsByKey(database.db, [kept]);
    expect(row).toMatchObject({ status: "done", attempts: 1 });
  });

  it("keeps one job per key; a cancelled key comes back, a done one does not", async () => {
    const clock = fakeClock();
    const runner = createJobRunner(database.db, quietLog, { now: clock.now });
    let runs = 0;
    runner.register("test.key", async () => {
      runs++;
    });
    const key = uniqueKey("same");
    expect(await enqueueJobs(database.db, { kind: "test.key", key, runAt: minutes(5) })).toHaveLength(1);
    expect(await enqueueJobs(database.db, { kind: "test.key", key, runAt: minutes(6) })).toHaveLength(0);
    expect(await cancelJobs(database.db, { key }, "booking cancelled", T0)).toHaveLength(1);
    expect(await enqueueJobs(database.db, { kind: "test.key", key, runAt: minutes(7) })).toHaveLength(1);
    clock.set(minutes(7));
    await runner.flush();
    expect(await enqueueJobs(database.db, { kind: "test.key", key, runAt: minutes(8) })).toHaveLength(0);
    clock.set(minutes(9));
    await runner.flush();
    expect(runs).toBe(1);
    await expect(database.db.insert(jobs).values({ kind: "test.key", key, runAt: T0 })).rejects.toThrow();
  });

  it("retries with exponential backoff, then fails keeping the error; a retry by hand runs it again", async () => {
    const clock = fakeClock();
    const runner = createJobRunner(database.db, quietLog, { now: clock.now });
    let calls = 0;
    let healthy = false;
    runner.register(
      "test.flaky",
      async () => {
        calls++;
        if (!healthy) throw new Error(`gateway down ${calls}`);
      },
      { backoffMs: 1000 },
    );
    const key = uniqueKey("flaky");
    await enqueueJobs(database.db, { kind: "test.flaky", key, runAt: T0, maxAttempts: 3 });
    await runner.flush();
    let [row] = await jobsByKey(database.db, [key]);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "gateway down 1" });
    expect(row.runAt.getTime() - T0.getTime()).toBe(1000);
    clock.set(new Date(T0.getTime() + 1000));
    await runner.flush();
    [row] = await jobsByKey(database.db, [key]);
    expect(row.runAt.getTime() - T0.getTime()).toBe(1000 + 2000);
    clock.set(new Date(T0.getTime() + 3000));
    await runner.flush();
    [row] = await jobsByKey(database.db, [key]);
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastError: "gateway down 3" });
    clock.set(minutes(60));
    expect(await runner.flush()).toBe(0);
    expect(calls).toBe(3);

    healthy = true;
    expect(await retryJob(database.db, row.id, clock.now())).toBe(true);
    await runner.flush();
    [row] = await jobsByKey(database.db, [key]);
    expect(row).toMatchObject({ status: "done", attempts: 1, lastError: null });
  });

  it("fails at once on a permanent error and reports it to the kind's onError", async () => {
    const runner = createJobRunner(database.db, quietLog, { now: () => T0 });
    const seen: [string, boolean][] = [];
    runner.register(
      "test.permanent",
      async () => {
        throw new PermanentJobError("not an E.164 number");
      },
      { onError: async (_tx, _job, error, final) => void seen.push([error.message, final]) },
    );
    const key = uniqueKey("permanent");
    await enqueueJobs(database.db, { kind: "test.permanent", key, runAt: T0 });
    await runner.flush();
    const [row] = await jobsByKey(database.db, [key]);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "not an E.164 number" });
    expect(seen).toEqual([["not an E.164 number", true]]);
  });

  it("records skipped jobs with the reason and commits a handler's writes with the completion", async () => {
    const runner = createJobRunner(database.db, quietLog, { now: () => T0 });
    const follower = uniqueKey("follow-up");
    runner.register("test.outcome", async (job) =>
      job.payload.skip
        ? { status: "skipped", reason: "the meeting has already started" }
        : {
            result: { code: 204 },
            commit: async (tx) =>
              void (await enqueueJobs(tx, { kind: "test.none", key: follower, runAt: T0 })),
          },
    );
    const skip = uniqueKey("skip");
    const run = uniqueKey("run");
    await enqueueJobs(database.db, [
      { kind: "test.outcome", key: skip, runAt: T0, payload: { skip: true } },
      { kind: "test.outcome", key: run, runAt: T0 },
    ]);
    await runner.flush();
    const rows = await jobsByKey(database.db, [skip, run, follower]);
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey[skip]).toMatchObject({ status: "skipped", lastError: "the meeting has already started" });
    expect(byKey[run]).toMatchObject({ status: "done", result: { code: 204 } });
    expect(byKey[follower]).toMatchObject({ status: "pending" });
  });

  it("cancels and moves a booking's pending jobs", async () => {
    const bookingId = "6f1c2a43-0d39-4e3c-9c1d-3f0f8a4c8e11";
    const keys = [uniqueKey("reminder"), uniqueKey("follow-up")];
    await enqueueJobs(database.db, [
      { kind: "test.booking", key: keys[0], bookingId, runAt: minutes(60) },
      { kind: "test.booking", key: keys[1], bookingId, runAt: minutes(120) },
    ]);
    const moved = await rescheduleJobs(database.db, { bookingId }, { shiftMs: 30 * 60_000 });
    expect(moved.map((j) => j.runAt.toISOString()).sort()).toEqual([
      minutes(90).toISOString(),
      minutes(150).toISOString(),
    ]);
    const cancelled = await cancelJobs(database.db, { bookingId }, "booking cancelled", T0);
    expect(cancelled).toHaveLength(2);
    const rows = await jobsByKey(database.db, keys);
    expect(rows.every((r) => r.status === "cancelled" && r.lastError === "booking cancelled")).toBe(true);
  });

  it("takes over a job whose claimer died, once the lease passes; the dead claimer cannot complete it", async () => {
    const key = uniqueKey("crash");
    await enqueueJobs(database.db, { kind: "test.takeover", key, runAt: T0 });
    let release: () => void = () => {};
    const first = createJobRunner(database.db, quietLog, { now: () => T0, leaseMs: 60_000 });
    let firstRuns = 0;
    first.register("test.takeover", async () => {
      firstRuns++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const stuck = first.step();
    await expect.poll(() => firstRuns).toBe(1);

    const clock = fakeClock(new Date(T0.getTime() + 30_000));
    const second = createJobRunner(database.db, quietLog, { now: clock.now, leaseMs: 60_000 });
    let secondRuns = 0;
    second.register("test.takeover", async () => {
      secondRuns++;
      return { result: { by: "second" } };
    });
    expect(await second.flush()).toBe(0); // lease still held
    clock.set(new Date(T0.getTime() + 61_000));
    expect(await second.flush()).toBe(1);
    expect(await second.flush()).toBe(0);
    release();
    await stuck;
    const [row] = await jobsByKey(database.db, [key]);
    expect(secondRuns).toBe(1);
    expect(row).toMatchObject({ status: "done", attempts: 2, result: { by: "second" } });
  });
});

describe.each(dbKinds.filter((k) => k === "postgres"))("job runner across processes on %s", (kind) => {
  let database: Database;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    url = await postgresUrlOf(database);
  });
  afterAll(() => database.close());

  it("runs a job exactly once on another process after its claimer is killed with SIGKILL", async () => {
    const key = uniqueKey("sigkill");
    await enqueueJobs(database.db, { kind: "test.crash", key, runAt: new Date(Date.now() - 1000) });
    // node itself with tsx's loader (not the tsx wrapper, whose SIGKILL would orphan the real claimer).
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/testing/job-claimer.ts", url], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("claimed") && resolve());
      child.on("exit", (code) => reject(new Error(`claimer exited with ${code}`)));
    });
    const [claimed] = await jobsByKey(database.db, [key]);
    expect(claimed).toMatchObject({ status: "running", attempts: 1 });
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));

    // The other process: the same database, its clock past the dead claimer's 60 s lease.
    const later = () => new Date(Date.now() + 61_000);
    const runner = createJobRunner(database.db, quietLog, { now: later });
    let runs = 0;
    runner.register("test.crash", async () => {
      runs++;
    });
    await runner.flush();
    await runner.flush();
    expect(runs).toBe(1);
    const [row] = await jobsByKey(database.db, [key]);
    expect(row).toMatchObject({ status: "done", attempts: 2 });
  }, 30_000);

  it("two instances polling one PostgreSQL never run a job twice", async () => {
    const other = await openDatabase({ kind: "postgres", url });
    try {
      const count = 300;
      const prefix = uniqueKey("multi");
      await enqueueJobs(
        database.db,
        Array.from({ length: count }, (_, i) => ({ kind: "test.multi", key: `${prefix}:${i}`, runAt: T0 })),
      );
      const runs = new Map<string, number>();
      const perInstance = [0, 0];
      const make = (db: Database, index: number) => {
        const runner = createJobRunner(db.db, quietLog, { now: () => minutes(1), batch: 10, concurrency: 4 });
        runner.register("test.multi", async (job) => {
          perInstance[index]++;
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 1));
        });
        return runner;
      };
      const a = make(database, 0);
      const b = make(other, 1);
      await Promise.all([a.flush(), b.flush(), a.flush(), b.flush()]);
      await Promise.all([a.flush(), b.flush()]);
      expect(runs.size).toBe(count);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      expect(perInstance[0]).toBeGreaterThan(0);
      expect(perInstance[1]).toBeGreaterThan(0);
      const done = await database.db.select().from(jobs).where(eq(jobs.kind, "test.multi"));
      expect(done.every((j) => j.status === "done")).toBe(true);
    } finally {
      await other.close();
    }
  }, 30_000);
});
