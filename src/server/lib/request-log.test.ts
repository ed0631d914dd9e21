import { describe, expect, it } from "vitest";
import { redactUrl } from "./request-log.js";

describe("redactUrl", () => {
  it("hides manage tokens and OAuth codes wherever they stand in the query", () => {
    expect(redactUrl("/api/bookings/public/abc?token=s3cr3t")).toBe(
      "/api/bookings/public/abc?token=[redacted]",
    );
    expect(redactUrl("/api/bookings/availability/x?date=2026-11-02&reschedule=u1&token=s3cr3t&month=")).toBe(
      "/api/bookings/availability/x?date=2026-11-02&reschedule=u1&token=[redacted]&month=",
    );
    expect(redactUrl("/api/auth/callback?CODE=abc&state=1")).toBe(
      "/api/auth/callback?CODE=[redacted]&state=1",
    );
  });

  it("leaves other URLs as they are", () => {
    expect(redactUrl("/api/bookings?search=token&page=2")).toBe("/api/bookings?search=token&page=2");
    expect(redactUrl("/api/health")).toBe("/api/health");
  });
});
