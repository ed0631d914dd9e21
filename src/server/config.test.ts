import { describe, expect, it } from "vitest";
import { defaultRateLimits, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("uses the embedded database unless DATABASE_URL is set, and treats empty variables as unset", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/k", DATABASE_URL: "" }).database).toEqual({
      kind: "pglite",
      dataDir: "/tmp/k",
    });
    expect(loadConfig({ DATABASE_URL: "postgres://u@h/db" }).database).toEqual({
      kind: "postgres",
      url: "postgres://u@h/db",
    });
  });

  it("keeps the default rate limits and scales them with RATE_LIMIT_FACTOR", () => {
    expect(loadConfig({}).rateLimits).toEqual(defaultRateLimits);
    const scaled = loadConfig({ RATE_LIMIT_FACTOR: "3" }).rateLimits;
    expect(scaled.register).toEqual({ max: 15, windowMs: defaultRateLimits.register.windowMs });
    expect(scaled.login.max).toBe(30);
    expect(loadConfig({ RATE_LIMIT_FACTOR: "0.01" }).rateLimits.register.max).toBe(1);
  });

  it("names the variable when a value is wrong", () => {
    expect(() => loadConfig({ RATE_LIMIT_FACTOR: "0" })).toThrow(/RATE_LIMIT_FACTOR/);
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
  });
});
