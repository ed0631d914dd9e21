import { describe, expect, it } from "vitest";
import { z } from "zod";
import { envelope, errorEnvelope, isoDateTime } from "./shared.js";

// The server's serializer encodes each answer through its route's schema (fastify-type-provider-zod).
describe("response schema building blocks", () => {
  it("writes an instant as its ISO string, whether the service hands over a Date or a string", () => {
    expect(z.encode(isoDateTime, new Date("2026-07-04T09:30:00Z"))).toBe("2026-07-04T09:30:00.000Z");
    expect(z.encode(isoDateTime, "2026-07-04T09:30:00.000Z")).toBe("2026-07-04T09:30:00.000Z");
    expect(z.safeEncode(isoDateTime, 1_780_000_000_000 as unknown as Date).success).toBe(false);
  });

  it("keeps only the members the envelope names: nothing a service carries beside them leaks", () => {
    const schema = envelope(z.object({ _id: z.string() }), { token: z.string().optional() });
    const answer = {
      success: true,
      message: "Done",
      token: "t",
      data: { _id: "1", passwordHash: "x" },
      debug: 1,
    };
    expect(z.encode(schema, answer)).toEqual({
      success: true,
      message: "Done",
      token: "t",
      data: { _id: "1" },
    });
  });

  it("takes only listed error codes in a failure", () => {
    expect(errorEnvelope.safeParse({ success: false, message: "No", errorCode: "NOT_FOUND" }).success).toBe(
      true,
    );
    expect(errorEnvelope.safeParse({ success: false, message: "No", errorCode: "FST_ERR" }).success).toBe(
      false,
    );
  });
});
