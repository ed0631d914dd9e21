import { describe, expect, it } from "vitest";
import { fixedSlots } from "./fixed-slots.js";
import { query, z } from "./slots.fixtures.js";

describe("fixed slots of a one-off meeting", () => {
  const from = z("2026-03-01T00:00:00Z");
  const to = z("2026-03-10T00:00:00Z");
  it("offers chosen times outside the weekly hours, unless busy, too soon or out of range", () => {
    const times = [
      z("2026-03-02T03:00:00Z"), // 10pm in New York: outside 9-5, still offered
      z("2026-03-03T15:00:00Z"), // busy
      z("2026-03-01T00:10:00Z"), // inside notice
      z("2026-03-11T15:00:00Z"), // out of range
      z("2026-03-02T03:00:00Z"), // duplicate
    ];
    const q = query({
      from,
      to,
      now: z("2026-03-01T00:00:00Z"),
      minimumNoticeMinutes: 60,
      bufferAfterMinutes: 10,
      busy: [{ start: z("2026-03-03T15:35:00Z"), end: z("2026-03-03T16:00:00Z") }],
    });
    expect(fixedSlots(times, q)).toEqual([z("2026-03-02T03:00:00Z")]);
  });
});
