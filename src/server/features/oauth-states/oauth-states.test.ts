import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { createTestDatabase, dbKinds } from "../../testing/database.js";
import { createOAuthStatesService, OAUTH_STATE_TTL_MS, pkceChallenge } from "./service.js";

describe.each(dbKinds)("OAuth states on %s", (kind) => {
  let database: Database;
  let clock = new Date("2026-03-01T10:00:00Z");
  const now = () => clock;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 180_000); // a fresh database migrates slowly on a busy machine
  afterAll(() => database.close());

  it("gives a random state, nonce and PKCE pair, and takes the state back exactly once", async () => {
    const states = createOAuthStatesService(database.db, now);
    const a = await states.create({ provider: "sbu", purpose: "sign-in" });
    const b = await states.create({ provider: "sbu", purpose: "sign-in" });
    expect(a.state).not.toBe(b.state);
    expect(a.nonce).not.toBe(a.state);
    expect(a.codeChallenge).toBe(pkceChallenge(a.codeVerifier));
    expect(a.codeChallenge).not.toBe(a.codeVerifier);

    expect(await states.consume(a.state, { provider: "sbu", purpose: "sign-in" })).toEqual({
      codeVerifier: a.codeVerifier,
      nonce: a.nonce,
      userId: null,
      purpose: "sign-in",
    });
    expect(await states.consume(a.state, { provider: "sbu", purpose: "sign-in" })).toBeUndefined();
  });

  it("refuses a state of another provider or purpose, and an unknown one", async () => {
    const states = createOAuthStatesService(database.db, now);
    const a = await states.create({ provider: "sbu", purpose: "sign-in" });
    expect(await states.consume(a.state, { provider: "gameforce", purpose: "sign-in" })).toBeUndefined();
    expect(await states.consume(a.state, { provider: "sbu", purpose: "google-calendar" })).toBeUndefined();
    expect(await states.consume("made-up", { provider: "sbu", purpose: "sign-in" })).toBeUndefined();
    // The right provider and purpose still work: a wrong guess does not burn it.
    expect(await states.consume(a.state, { provider: "sbu", purpose: ["link", "sign-in"] })).toBeDefined();
  });

  it("expires after 10 minutes", async () => {
    const states = createOAuthStatesService(database.db, now);
    const fresh = await states.create({ provider: "sbu", purpose: "sign-in" });
    const stale = await states.create({ provider: "sbu", purpose: "sign-in" });
    clock = new Date(clock.getTime() + OAUTH_STATE_TTL_MS - 1000);
    expect(await states.consume(fresh.state, { provider: "sbu", purpose: "sign-in" })).toBeDefined();
    clock = new Date(clock.getTime() + 2000);
    expect(await states.consume(stale.state, { provider: "sbu", purpose: "sign-in" })).toBeUndefined();
  });
});
