import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";

const CONTRACT_FILE = new URL("../../../../docs/api/v1-contract.json", import.meta.url);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  required?: string[];
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

/** Every field path of a schema ("data.attendee.email", arrays as "[]"), required ones marked "!". */
function fieldsOf(schema: JsonSchema | undefined, prefix = "", depth = 0): string[] {
  if (!schema || depth > 6) return [];
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (variants.length) return [...new Set(variants.flatMap((v) => fieldsOf(v, prefix, depth)))];
  if (schema.items) return fieldsOf(schema.items, `${prefix}[]`, depth + 1);
  return Object.entries(schema.properties ?? {}).flatMap(([name, child]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const mark = schema.required?.includes(name) ? "!" : "";
    return [`${path}${mark}`, ...fieldsOf(child, path, depth + 1)];
  });
}

/**
 * Version 1 is a promise: its routes, their inputs and the fields of their answers are kept in
 * docs/api/v1-contract.json. A change to a feature's DTO that drops or renames a field v1 answers
 * fails here; an addition is written deliberately (`UPDATE_V1_CONTRACT=1 npx vitest run <this file>`)
 * and reviewed as a contract change.
 * The document does not depend on the database: one kind.
 */
describe("the public API's contract", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  it("keeps the routes, inputs and answer fields of version 1", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const contract: Record<string, unknown> = {};
    for (const [path, ops] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
      for (const [method, op] of Object.entries(ops)) {
        const successes = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
        contract[`${method.toUpperCase()} ${path}`] = {
          parameters: (op.parameters ?? []).map((p) => `${p.in}:${p.name}${p.required ? "!" : ""}`).sort(),
          body: fieldsOf(op.requestBody?.content["application/json"]?.schema).sort(),
          answers: Object.fromEntries(
            successes.map(([status, r]) => [
              status,
              fieldsOf(r.content?.["application/json"]?.schema).sort(),
            ]),
          ),
        };
      }
    }
    if (process.env.UPDATE_V1_CONTRACT)
      writeFileSync(CONTRACT_FILE, `${JSON.stringify(contract, null, 2)}\n`);
    // Compared as data, so the file's formatting (biome's) does not matter.
    expect(contract).toEqual(JSON.parse(readFileSync(CONTRACT_FILE, "utf8")));
  });
});
