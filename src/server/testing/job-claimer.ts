// A job runner in its own process for the kill -9 test: it claims every due "test.crash" job, says
// so on stdout, and hangs in the handler until it is killed.
import { openDatabase } from "../db/client.js";
import { createJobRunner } from "../jobs/runner.js";

const url = process.argv[2];
const database = await openDatabase({ kind: "postgres", url });
const runner = createJobRunner(database.db, { info() {}, warn() {} }, { leaseMs: 60_000 });
runner.register("test.crash", async (job) => {
  process.stdout.write(`claimed ${job.id}\n`);
  await new Promise(() => {});
});
// Stay alive in the handler until the test kills this process.
setInterval(() => {}, 1000);
await runner.step();
