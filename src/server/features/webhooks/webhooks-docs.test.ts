import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/app.js";

describe("webhook payloads in the API description", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(() => t.close());

  it("documents the payload schemas and the subscription routes at /api/docs", async () => {
    const doc = t.app.swagger() as {
      components: { schemas: Record<string, { oneOf?: unknown[]; properties?: Record<string, unknown> }> };
      paths: Record<string, unknown>;
    };
    expect(doc.components.schemas.WebhookPayload.oneOf).toHaveLength(3);
    expect(Object.keys(doc.components.schemas.WebhookBookingData.properties ?? {})).toEqual(
      expect.arrayContaining(["uid", "invitee", "attribution", "answers", "cancelReason"]),
    );
    expect(doc.paths).toHaveProperty("/api/webhooks/{id}/deliveries");
  });
});
