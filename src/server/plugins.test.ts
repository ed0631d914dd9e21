import { randomBytes } from "node:crypto";
import Fastify from "fastify";
import fp from "fastify-plugin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import type { Database } from "./db/client.js";
import { contactsPlugin } from "./features/contacts/plugin.js";
import { refuseApiRoutesOutsideScope } from "./lib/api-routes.js";
import { createTestDatabase } from "./testing/database.js";

// buildApp lists the features in an order where each comes after those it uses or follows; each plugin
// names them as `dependencies`, so a feature listed too early fails at start-up with Fastify's error
// instead of reaching for a feature that is not there yet.
describe("feature plugins", () => {
  it("refuses a feature registered before those it follows, naming each in turn", async () => {
    const alone = Fastify({ logger: false });
    alone.register(contactsPlugin);
    await expect(alone.ready()).rejects.toThrow(
      "The dependency 'users' of plugin 'contacts' is not registered",
    );

    const withoutBookings = Fastify({ logger: false });
    withoutBookings.register(fp(async () => {}, { name: "users" }));
    withoutBookings.register(contactsPlugin);
    await expect(withoutBookings.ready()).rejects.toThrow(
      "The dependency 'bookings' of plugin 'contacts' is not registered",
    );
  });
});

// Feature routes join the /api scope through app.apiRoutes, and the scope is built after every feature.
// A feature listed after it, or a route under /api written outside it, would have no auth hook (or no
// routes at all): both fail the start instead.
describe("the /api scope", () => {
  let database: Database;
  beforeAll(async () => {
    // The wiring does not depend on the database kind.
    database = await createTestDatabase("pglite");
  }, 60_000);
  afterAll(() => database.close());

  const build = () =>
    buildApp({
      config: { ...loadConfig({}), webDir: null, smtpUrl: null, secretsKey: randomBytes(32).toString("hex") },
      database,
      logger: false,
    });

  it("refuses routes a feature adds after the scope is built", async () => {
    const app = await build();
    app.register(
      fp(async (late) => {
        late.apiRoutes.add(async (api) => api.get("/late", async () => ({ leaked: true })));
      }),
    );
    await expect(app.ready()).rejects.toThrow("The /api scope is already built");
    await app.close().catch(() => undefined);
  });

  it("refuses a route under /api declared outside the scope, where no auth hook would run", async () => {
    const app = await build();
    app.register(
      fp(async (late) => {
        late.get("/api/late", async () => ({ leaked: true }));
      }),
    );
    await expect(app.ready()).rejects.toThrow("GET /api/late is outside the /api scope");
    await app.close().catch(() => undefined);
  });

  it("builds the real app: its routes under /api are all inside the scope", async () => {
    const app = await build();
    await app.ready();
    const answer = await app.inject({ method: "GET", url: "/api/event-types" });
    expect(answer.statusCode).toBe(401);
    await app.close();
  });
});

describe("refuseApiRoutesOutsideScope", () => {
  it("lets other paths and the scope's own routes through", async () => {
    const app = Fastify({ logger: false });
    refuseApiRoutesOutsideScope(app);
    app.get("/apiary", async () => "bees");
    app.register(async (api) => api.get("/inside", async () => "ok"), { prefix: "/api" });
    await app.ready();
    expect((await app.inject({ url: "/api/inside" })).body).toBe("ok");
    expect((await app.inject({ url: "/apiary" })).body).toBe("bees");
    await app.close();
  });
});
