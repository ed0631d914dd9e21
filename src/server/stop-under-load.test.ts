import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { dbKinds } from "./testing/database.js";
import {
  alive,
  answers,
  bareWebDir,
  freePort,
  type ServerProcess,
  startServer,
  waitFor,
} from "./testing/server-process.js";

const BOOKINGS = 30;

// biome-ignore lint/suspicious/noExplicitAny: the test reads several answer shapes of the API
type Json = Record<string, any>;

/** A throwaway PostgreSQL database on TEST_DATABASE_URL's server, for the real process to run on. */
async function throwawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `kairos_stop_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function api(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** `count` free 15-minute slots of the event type, from tomorrow on. */
async function freeSlots(port: number, eventTypeId: string, count: number): Promise<string[]> {
  const slots: string[] = [];
  for (let day = 1; slots.length < count && day < 30; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const res = await api(port, "GET", `/api/bookings/availability/${eventTypeId}?date=${date}&timezone=UTC`);
    slots.push(...(res.json.data as { iso: string }[]).map((s) => s.iso));
  }
  return slots.slice(0, count);
}

describe.each(dbKinds)("the real server on %s, SIGTERM during a burst of bookings", (kind) => {
  let servers: ServerProcess[] = [];
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    // Whatever the outcome, leave no server behind.
    for (const { child } of servers) if (child.pid && alive(child.pid)) child.kill("SIGKILL");
    for (const step of cleanup) await step();
    servers = [];
    cleanup = [];
  });

  it("exits within 10 s and keeps every booking it answered 201", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kairos-stop-"));
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: path.join(dir, "data"),
      WEB_DIR: bareWebDir(dir),
      LOG_LEVEL: "info",
    };
    if (kind === "postgres") {
      const database = await throwawayPostgres();
      cleanup.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const start = async () => {
      const port = await freePort();
      const server = startServer(port, env);
      servers.push(server);
      // A first start on a loaded machine (PGlite init and every migration) can take close to a minute.
      expect(await waitFor(() => answers(port), 150_000), server.output()).toBe(true);
      return { port, server };
    };

    const first = await start();
    const account = { name: "Busy Host", email: "busy@example.com", password: "secret-password" };
    const signUp = await api(first.port, "POST", "/api/auth/register", { ...account, timezone: "UTC" });
    expect(signUp.status).toBe(201);
    const token = signUp.json.token as string;
    const eventType = await api(
      first.port,
      "POST",
      "/api/event-types",
      {
        title: "Quick call",
        duration: 15,
        bookingSettings: {
          leadHours: 0,
          noticeUnit: "minutes",
          daysAhead: 60,
          unit: "days",
          mode: "rolling",
        },
        locations: [{ type: "zoom", value: "https://zoom.us/j/1234567890" }],
      },
      token,
    );
    expect(eventType.status).toBe(201);
    const eventTypeId = eventType.json.data._id as string;
    const slots = await freeSlots(first.port, eventTypeId, BOOKINGS);
    expect(slots).toHaveLength(BOOKINGS);

    let termAt = 0;
    const answered = await Promise.all(
      slots.map((startTime, i) =>
        api(first.port, "POST", "/api/bookings", {
          eventTypeId,
          startTime,
          attendee: {
            name: `Invitee ${i}`,
            email: `invitee${i}@example.com`,
            phone: "+14155550134",
            timezone: "UTC",
          },
        }).then(
          (res) => {
            if (!termAt) {
              termAt = Date.now();
              first.server.child.kill("SIGTERM");
            }
            return res;
          },
          () => ({ status: 0, json: {} as Json }),
        ),
      ),
    );
    const kept = answered.filter((r) => r.status === 201).map((r) => r.json.data._id as string);
    expect(kept.length, JSON.stringify(answered.slice(0, 2))).toBeGreaterThan(0);

    const exit = await Promise.race([
      first.server.exited,
      new Promise((r) => setTimeout(r, 10_000, "running")),
    ]);
    expect(exit, `${Date.now() - termAt} ms after SIGTERM:\n${lastLines(first.server.output())}`).toBe(0);
    if (kind === "pglite") expect(fs.existsSync(path.join(dir, "data.kairos.lock"))).toBe(false);

    // Every acknowledged booking is there after a restart on the same data.
    const second = await start();
    const login = await api(second.port, "POST", "/api/auth/login", account);
    expect(login.status).toBe(200);
    const list = await api(second.port, "GET", "/api/bookings?limit=100", undefined, login.json.token);
    const ids = (list.json.data as { _id: string }[]).map((b) => b._id);
    expect(ids).toEqual(expect.arrayContaining(kept));
    second.server.child.kill("SIGTERM");
    expect(await second.server.exited).toBe(0);
  }, 300_000);
});

/** The end of a server's log without the logged mails, for a failure message. */
function lastLines(output: string): string {
  return output
    .split("\n")
    .filter((line) => !line.includes("SMTP_URL not set"))
    .slice(-15)
    .join("\n");
}
