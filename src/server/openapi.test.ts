import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/app.js";

/**
 * Routes that answer a file or an image instead of the JSON envelope. They document their media type
 * (fileResponse in contract/responses/shared.ts) and are sent as they are.
 */
const FILE_ROUTES = new Set([
  "GET /api/users/{id}/avatar",
  "GET /api/contacts/{id}/avatar",
  "GET /api/bookings/public/{uid}/ics",
  "GET /api/contacts/export",
  "POST /api/contacts/export",
  "GET /api/contacts/template",
]);

interface Operation {
  responses?: Record<
    string,
    { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
  >;
}

// Issue 24, item 4: every answer is serialised by a schema in src/contract, and /api/docs describes it.
// The document does not depend on the database, so one kind is enough.
describe("OpenAPI description", () => {
  let t: TestApp;
  let operations: [string, Operation][];

  beforeAll(async () => {
    t = await createTestApp("pglite");
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths)
      // The public API (/api/v1) has a contract of its own ({data} and problem details): its test checks it.
      .filter(([path]) => path.startsWith("/api/") && !path.startsWith("/api/v1/"))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]): [string, Operation] => [
          `${method.toUpperCase()} ${path}`,
          op,
        ]),
      );
  });
  afterAll(() => t.close());

  const successes = (op: Operation) =>
    Object.entries(op.responses ?? {})
      .filter(([status]) => status.startsWith("2"))
      .map(([, response]) => response);

  it("declares the JSON envelope of every API operation's success", () => {
    expect(operations.length).toBeGreaterThan(100);
    const undeclared = operations
      .filter(([key]) => !FILE_ROUTES.has(key))
      .filter(([, op]) => {
        const answers = successes(op);
        return (
          answers.length === 0 ||
          answers.some((r) => !r.content?.["application/json"]?.schema?.properties?.success)
        );
      })
      .map(([key]) => key);
    expect(undeclared).toEqual([]);
  });

  it("documents the failure envelope of every API operation", () => {
    const undocumented = operations
      .filter(([, op]) => {
        const failure = op.responses?.["4XX"] ?? op.responses?.["4xx"];
        return !failure?.content?.["application/json"]?.schema?.properties?.errorCode;
      })
      .map(([key]) => key);
    expect(undocumented).toEqual([]);
  });

  it("documents the media type of the routes that answer files", () => {
    const byKey = new Map(operations);
    for (const key of FILE_ROUTES) {
      const op = byKey.get(key);
      expect(op, key).toBeDefined();
      const types = successes(op as Operation).flatMap((r) => Object.keys(r.content ?? {}));
      expect(types.length, key).toBeGreaterThan(0);
      expect(types, key).not.toContain("application/json");
    }
  });

  it("shows instants as ISO strings, whatever the service hands over", () => {
    const op = new Map(operations).get("GET /api/users/sessions") as Operation;
    const data = op.responses?.["200"]?.content?.["application/json"]?.schema?.properties?.data as {
      items: { properties: Record<string, unknown> };
    };
    expect(data.items.properties.createdAt).toMatchObject({ type: "string", format: "date-time" });
  });
});
