/**
 * Workflows and the job runner (issue 13):
 * - 10,000 reminders due in the same minute on PostgreSQL, sent through a local SMTP server: how long
 *   after their time the last one arrives, and whether any arrived twice;
 * - the runner's idle polling: CPU share of an app with nothing to do, on PGlite and PostgreSQL;
 * - POST /api/bookings throughput for a host with 5 active workflows against one with none.
 * PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL (throwaway databases).
 */
import os from "node:os";
import { SMTPServer } from "smtp-server";
import { buildApp } from "../src/server/app.js";
import { bookings } from "../src/server/db/schema/index.js";
import { bearer, signUp } from "../src/server/testing/app.js";
import { createTestDatabase, type DbKind } from "../src/server/testing/database.js";
import { benchConfig } from "./lib/bench-config.js";
import { runLoad } from "./lib/run-load.js";

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const load = () => os.loadavg()[0].toFixed(2);

/** A minimal SMTP sink: counts messages per recipient, records when each arrived. */
async function smtpSink() {
  const perRecipient = new Map<string, number>();
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      perRecipient.set(address.address, (perRecipient.get(address.address) ?? 0) + 1);
      callback();
    },
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        last = Date.now();
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    perRecipient,
    lastAt: () => last,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function reminders(): Promise<void> {
  const sink = await smtpSink();
  const database = await createTestDatabase("postgres");
  const app = await buildApp({ config: { ...benchConfig(), smtpUrl: sink.url }, database, logger: false });
  try {
    await app.ready();
    const host = await signUp(app, { timezone: "UTC" });
    await app.inject({
      method: "PUT",
      url: "/api/calendar-settings/notifications",
      headers: bearer(host.token),
      payload: { emailReminders: false },
    });
    // 10,000 seats of one group meeting (one slot key, so the no-overlap rule allows them), written
    // directly: the bench is about the reminders, not about booking.
    const start = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000);
    const rows = Array.from({ length: REMINDERS }, (_, i) => ({
      uid: `bench-${i}`,
      hostUserId: host.userId,
      eventTitle: "Group session",
      eventColor: "#3B82F6",
      eventSlug: "group-session",
      startTime: start,
      endTime: new Date(start.getTime() + 30 * 60_000),
      slotKey: `bench/${start.toISOString()}`,
      attendeeName: `Guest ${i}`,
      attendeeEmail: `guest${i}@example.com`,
      attendeePhone: "14155550123",
      attendeeTimezone: "Asia/Kolkata",
      hostTimezone: "UTC",
      manageTokenHash: `hash-${i}`,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await database.db.insert(bookings).values(rows.slice(i, i + 1000));
    // Reminder 2 minutes before: all 10,000 come due at the same instant, about a minute from now.
    const planned = performance.now();
    const created = await app.inject({
      method: "POST",
      url: "/api/workflows",
      headers: bearer(host.token),
      payload: {
        name: "Reminder",
        trigger: { type: "before_event", conditions: { timeOffset: { value: 2, unit: "minutes" } } },
        actions: [
          {
            type: "send_email",
            config: {
              to: "attendee",
              subject: "Soon: {{event_name}}",
              body: "Hi {{attendee_name}}, {{start_time}}",
            },
          },
        ],
      },
    });
    if (created.statusCode !== 201) throw new Error(created.body);
    const planMs = performance.now() - planned;
    const due = start.getTime() - 2 * 60_000;
    app.jobs.start();
    const cpuBefore = process.cpuUsage();
    let jobsDoneAt = 0;
    while (Date.now() < due + 180_000) {
      const sent = [...sink.perRecipient.values()].reduce((a, b) => a + b, 0);
      if (!jobsDoneAt && Date.now() > due) {
        const { rows } = (await database.db.execute(
          "select count(*)::int as n from jobs where status = 'pending' or status = 'running'",
        )) as unknown as { rows: { n: number }[] };
        if (rows[0].n === 0) jobsDoneAt = Date.now();
      }
      if (sent >= REMINDERS && Date.now() > due) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 3000)); // anything sent twice would arrive now
    const cpu = process.cpuUsage(cpuBefore);
    const counts = [...sink.perRecipient.values()];
    const received = counts.reduce((a, b) => a + b, 0);
    const twice = counts.filter((n) => n > 1).length;
    console.log(
      `  postgres  ${REMINDERS} reminders due at one instant: ${sink.perRecipient.size} recipients got ${received} mails, ${twice} twice; last arrived ${((sink.lastAt() - due) / 1000).toFixed(1)} s after the due time (jobs all run after ${((jobsDoneAt - due) / 1000).toFixed(1)} s, the rest is the mail kind) (plan on workflow create ${Math.round(planMs)} ms; app CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)   load ${load()}`,
    );
  } finally {
    await app.close();
    await database.close();
    await sink.close();
  }
}

async function idle(kind: DbKind): Promise<void> {
  const database = await createTestDatabase(kind);
  const app = await buildApp({ config: benchConfig(), database, logger: false });
  try {
    await app.ready();
    app.jobs.start();
    await new Promise((r) => setTimeout(r, 3000));
    const seconds = 30;
    const before = process.cpuUsage();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const used = process.cpuUsage(before);
    const wall = performance.now() - t0;
    const share = ((used.user + used.system) / 1000 / wall) * 100;
    console.log(
      `  ${kind.padEnd(9)} idle app, job runner polling its jobs and the mail outbox every 1 s: ${share.toFixed(2)}% of one core over ${seconds} s   load ${load()}`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

async function throughput(kind: DbKind): Promise<void> {
  const database = await createTestDatabase(kind);
  const app = await buildApp({ config: benchConfig(), database, logger: false });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const inject = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
      app.inject({ method, url, headers: token ? bearer(token) : {}, payload });
    const allDay = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map(
      (day) => ({
        day,
        isAvailable: true,
        timeSlots: [{ startTime: "12:00am", endTime: "12:00am" }],
      }),
    );
    const settings = { leadHours: 0, noticeUnit: "minutes", daysAhead: 60, unit: "days", mode: "rolling" };
    const email = (subject: string) => ({
      type: "send_email",
      config: { to: "both", subject, body: "Hi {{attendee_name}}" },
    });
    const fiveWorkflows = [
      { name: "Welcome", trigger: { type: "event_scheduled" }, actions: [email("Welcome")] },
      {
        name: "Reminder",
        trigger: { type: "before_event", conditions: { timeOffset: { value: 1, unit: "days" } } },
        actions: [email("Reminder")],
      },
      {
        name: "Last call",
        trigger: { type: "before_event", conditions: { timeOffset: { value: 1, unit: "hours" } } },
        actions: [email("Soon")],
      },
      {
        name: "Follow-up",
        trigger: { type: "after_event", conditions: { timeOffset: { value: 1, unit: "hours" } } },
        actions: [email("Thanks")],
      },
      {
        name: "Done",
        trigger: { type: "event_completed" },
        actions: [email("Done"), { type: "add_to_crm", config: { stage: "customer" } }],
      },
    ];

    const results: Record<string, number> = {};
    for (const [label, workflows] of [
      ["no workflows", []],
      ["5 active workflows", fiveWorkflows],
    ] as const) {
      const host = await signUp(app, { timezone: "UTC" });
      const schedules = (await inject("GET", "/api/availability", host.token)).json().data;
      await inject("PUT", `/api/availability/${schedules[0]._id}`, host.token, { schedule: allDay });
      const et = (
        await inject("POST", "/api/event-types", host.token, {
          title: "Open",
          duration: 5,
          bookingSettings: settings,
        })
      ).json().data;
      for (const w of workflows) {
        const res = await inject("POST", "/api/workflows", host.token, w);
        if (res.statusCode !== 201) throw new Error(res.body);
      }
      const starts: string[] = [];
      for (let day = 1; day < 59; day++) {
        const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
        const list = (
          await inject("GET", `/api/bookings/availability/${et._id}?date=${date}&timezone=UTC`)
        ).json().data as { iso: string }[];
        starts.push(...list.map((s) => s.iso));
      }
      const bodies = starts.map((startTime, i) =>
        JSON.stringify({
          eventTypeId: et._id,
          startTime,
          attendee: { name: `Load ${i}`, email: `load${i}-${label.length}@example.com`, phone: "5551234567" },
        }),
      );
      const r = await runLoad({
        url: `${base}/api/bookings`,
        method: "POST",
        connections: 10,
        duration: DURATION_S,
        bodies,
      });
      const created = r.status["201"]?.count ?? 0;
      results[label] = created / DURATION_S;
      console.log(
        `  ${kind.padEnd(9)} POST bookings, host with ${label.padEnd(18)} ${String(Math.round(created / DURATION_S)).padStart(5)} bookings/s   p50 ${r.p50} ms   p99 ${r.p99} ms   non-2xx ${r.non2xx}   load ${r.loadAvg.toFixed(2)}`,
      );
    }
    const ratio = results["5 active workflows"] / results["no workflows"];
    console.log(
      `  ${kind.padEnd(9)} with 5 workflows: ${(ratio * 100).toFixed(0)}% of the throughput without`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

export async function run(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
  console.log("\nworkflows and the job runner");
  if (pgUrl) await reminders();
  if (process.env.BENCH_ONLY_REMINDERS) return;
  if (!pgUrl) console.log("  reminders: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  await idle("pglite");
  if (pgUrl) await idle("postgres");
  await throughput("pglite");
  if (pgUrl) await throughput("postgres");
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
