import { describe, expect, it } from "vitest";
import { randomToken } from "./crypto.js";

describe("randomToken", () => {
  it("hands out fresh bytes on every call, across refills of its pool", () => {
    // 2,000 tokens of 32 bytes draw the 4 KiB pool down ~16 times.
    const tokens = Array.from({ length: 2_000 }, () => randomToken());
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // No byte run is handed out twice: the 16-byte halves of all tokens differ too.
    const halves = tokens.flatMap((token) => {
      const bytes = Buffer.from(token, "base64url");
      return [bytes.subarray(0, 16).toString("hex"), bytes.subarray(16).toString("hex")];
    });
    expect(new Set(halves).size).toBe(halves.length);
  });

  it("makes tokens of the asked length, larger than its pool too", () => {
    expect(Buffer.from(randomToken(16), "base64url")).toHaveLength(16);
    expect(Buffer.from(randomToken(5_000), "base64url")).toHaveLength(5_000);
  });
});
