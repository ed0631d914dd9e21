import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchUserPath, RESERVED_USERNAMES, usernameFromName, usernameProblem } from "./usernames.js";

describe("usernames", () => {
  it("reserves the first segment of every route of the host app, so /{username} shadows none", () => {
    const router = fs.readFileSync(path.join(import.meta.dirname, "../web/router.tsx"), "utf8");
    const segments = [...router.matchAll(/path: "\/([a-z0-9-]+)/g)].map((m) => m[1]);
    expect(segments.length).toBeGreaterThan(10);
    for (const segment of segments) expect(RESERVED_USERNAMES.has(segment), segment).toBe(true);
    expect(RESERVED_USERNAMES.has("api")).toBe(true);
  });

  it("accepts 3-40 lower-case letters, digits and inner single hyphens only", () => {
    for (const ok of ["ada", "ada-lovelace", "a1b2", "x".repeat(40), "9-9"])
      expect(usernameProblem(ok), ok).toBeNull();
    for (const bad of [
      "ab",
      "x".repeat(41),
      "Ada",
      "-ada",
      "ada-",
      "a--b",
      "a_b",
      "a.b",
      "ädä",
      "a b",
      "book",
      "settings",
    ]) {
      expect(usernameProblem(bad), bad).not.toBeNull();
    }
  });

  it("turns any name into a valid username", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        expect(usernameProblem(usernameFromName(name))).toBeNull();
      }),
    );
    expect(usernameFromName("Ada Lovelace")).toBe("ada-lovelace");
    expect(usernameFromName("José Núñez")).toBe("jose-nunez");
    expect(usernameFromName("Login")).toBe("login-cal");
  });

  it("reads /{username} and /{username}/{slug}, and nothing else, as user paths", () => {
    expect(matchUserPath("/Ada-L")).toEqual({ username: "ada-l" });
    expect(matchUserPath("/ada-l/30min/")).toEqual({ username: "ada-l", slug: "30min" });
    for (const other of ["/", "/login", "/api/x", "/ada-l/30min/x", "/%E0%A4%A", "/favicon.svg"]) {
      expect(matchUserPath(other), other).toBeNull();
    }
  });
});
