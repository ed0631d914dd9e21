import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicRoutes, routeKey } from "./public-routes.js";
import { createTestApp, signUp, type TestApp } from "./testing/app.js";
import { dbKinds } from "./testing/database.js";

/**
 * Every API route of the OpenAPI description, asked by someone who is not signed in: a host-only route
 * answers 401 before it reads its input (no field messages, nothing changed), whatever the body; only
 * the routes of `publicRoutes` answer anything else.
 */

type Operation = { method: string; path: string };

function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
}

/** `/api/teams/{id}` as Fastify writes it (`/api/teams/:id`), the form `publicRoutes` lists. */
const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ":$1");
/** A concrete URL: every parameter a plausible id, so a route that skipped auth would go on to look it up. */
const concrete = (openApiPath: string) =>
  openApiPath.replace(/\{\w+\}/g, "0b4c1f1e-4d8a-4c3e-9a57-2f1c6a3b9d10");

describe.each(dbKinds)("auth scope on %s", (kind) => {
  let t: TestApp;
  let operations: Operation[];
  let revokedToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    operations = operationsOf(t.app.swagger() as { paths: Record<string, Record<string, unknown>> });
    const host = await signUp(t.app);
    revokedToken = host.token;
    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${host.token}` },
    });
    expect(out.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  it("lists only routes that exist", () => {
    // Routes hidden from the description (the public API's reference page and its files) count too.
    const missing = [...publicRoutes].filter((key) => {
      const [method, url] = key.split(" ") as [string, string];
      return !t.app.hasRoute({ method: method as "GET", url });
    });
    expect(missing).toEqual([]);
  });

  const callers: [string, () => Record<string, string>][] = [
    ["no token", () => ({})],
    ["a garbage token", () => ({ authorization: "Bearer not-a-token" })],
    ["a random token", () => ({ authorization: `Bearer ${randomBytes(32).toString("base64url")}` })],
    ["a signed-out session's token", () => ({ authorization: `Bearer ${revokedToken}` })],
    ["a malformed header", () => ({ authorization: "Basic dXNlcjpwYXNz" })],
  ];

  it.each(callers)("every host-only route answers 401 to %s", async (_name, headers) => {
    const answers: string[] = [];
    for (const op of operations) {
      if (publicRoutes.has(routeKey(op.method, fastifyPath(op.path)))) continue;
      const res = await t.app.inject({
        method: op.method as "GET",
        url: concrete(op.path),
        headers: { ...headers(), "content-type": "application/json" },
        // A body no schema takes: a route that validated before authenticating would answer 400.
        ...(op.method === "GET" || op.method === "DELETE" ? {} : { payload: "[1" }),
      });
      // The public API (/api/v1) answers problem details: its `code` is the envelope's `errorCode`.
      const body = res.json();
      if (res.statusCode !== 401 || (body.errorCode ?? body.code) !== "UNAUTHORIZED") {
        answers.push(`${op.method} ${op.path}: ${res.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });
});
