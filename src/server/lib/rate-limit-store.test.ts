import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";
import { createTestDatabase, dbKinds } from "../testing/database.js";

const limits = {
  login: { max: 3, windowMs: 60_000 },
  register: { max: 100, windowMs: 60_000 },
  publicBooking: { max: 100, windowMs: 60_000 },
};

const app = (database: Database) =>
  buildApp({
    config: { ...loadConfig({}), webDir: null, smtpUrl: null, rateLimits: limits },
    database,
    logger: false,
  });

const login = (instance: FastifyInstance, ip = "203.0.113.7") =>
  instance.inject({
    method: "POST",
    url: "/api/auth/login",
    remoteAddress: ip,
    payload: { email: "nobody@example.com", password: "wrong-password" },
  });

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe.each(dbKinds)("rate limits on %s", (kind) => {
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  let name = "";

  beforeAll(async () => {
    if (kind === "pglite") {
      databases.push(await createTestDatabase("pglite"));
    } else {
      // Two instances: each its own connection pool to one PostgreSQL database, as two processes would be.
      name = `kairos_test_${randomBytes(6).toString("hex")}`;
      await admin((c) => c.query(`create database ${name}`));
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${name}`;
      for (let i = 0; i < 2; i++)
        databases.push(await openDatabase({ kind: "postgres", url: url.toString() }));
      await runMigrations(databases[0]);
    }
    for (const database of databases) apps.push(await app(database));
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const d of databases) await d.close();
    if (name) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it("allows a client the limit once across every instance, then 429 with Retry-After", async () => {
    const [first, second = first] = apps;
    // Alternating instances, as a load balancer would: together they allow 3, not 3 each.
    const codes = [];
    for (const instance of [first, second, first]) codes.push((await login(instance)).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    for (const instance of [second, first]) {
      const limited = await login(instance);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    }
    // Another client has its own count, and another route its own.
    expect((await login(second, "198.51.100.9")).statusCode).toBe(401);
    const register = await second.inject({
      method: "POST",
      url: "/api/auth/register",
      remoteAddress: "203.0.113.7",
      payload: { name: "Ada", email: `ada-${kind}@example.com`, password: "secret-password" },
    });
    expect(register.statusCode).toBe(201);
  });
});
