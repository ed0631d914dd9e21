import { describe, expect, it } from "vitest";
import { isoInstant } from "./present.js";
import { around, everyDay, MIN, query, slots, z } from "./slots.fixtures.js";
import { computeSlots } from "./slots.js";

describe("computeSlots: New York across DST", () => {
  it("9:00-17:00 on the spring-forward day starts at 13:00Z and gives 16 slots", () => {
    const got = slots({ ...around("2026-03-08"), weekly: everyDay(["9:00am", "5:00pm"]), overrides: [] });
    const day = got;
    expect(day).toHaveLength(16);
    expect(day[0]).toBe("2026-03-08T13:00:00Z");
    expect(day[15]).toBe("2026-03-08T20:30:00Z");
  });

  it("9:00-17:00 on the fall-back day starts at 14:00Z and gives 16 slots", () => {
    const got = computeSlots(query({ from: z("2026-11-01T04:00:00Z"), to: z("2026-11-02T05:00:00Z") }));
    expect(got.map(isoInstant)).toEqual(
      Array.from({ length: 16 }, (_, i) => isoInstant(z("2026-11-01T14:00:00Z") + i * 30 * MIN)),
    );
  });

  it("13:00-18:00 on 2026-03-09 is 17:00Z-22:00Z", () => {
    const got = slots({
      from: z("2026-03-09T04:00:00Z"),
      to: z("2026-03-10T04:00:00Z"),
      weekly: everyDay(["1:00pm", "6:00pm"]),
      durationMinutes: 60,
    });
    expect(got).toEqual([
      "2026-03-09T17:00:00Z",
      "2026-03-09T18:00:00Z",
      "2026-03-09T19:00:00Z",
      "2026-03-09T20:00:00Z",
      "2026-03-09T21:00:00Z",
    ]);
  });

  it("a 1:00am-4:00am window on the spring-forward day skips the 2:00 and 2:30 labels", () => {
    const got = slots({
      from: z("2026-03-08T05:00:00Z"),
      to: z("2026-03-09T05:00:00Z"),
      weekly: everyDay(["1:00am", "4:00am"]),
    });
    expect(got).toEqual([
      "2026-03-08T06:00:00Z",
      "2026-03-08T06:30:00Z",
      "2026-03-08T07:00:00Z",
      "2026-03-08T07:30:00Z",
    ]);
  });

  it("keeps slots on the wall-clock grid after the skipped hour", () => {
    // 45-minute steps from 1:00am: 1:00, 1:45, (2:30 does not exist), 3:15.
    const got = slots({
      ...around("2026-03-08"),
      weekly: everyDay(["1:00am", "4:00am"]),
      durationMinutes: 45,
    });
    expect(got).toEqual(["2026-03-08T06:00:00Z", "2026-03-08T06:45:00Z", "2026-03-08T07:15:00Z"]);
  });

  it("a meeting cannot run past a window whose end the clocks skip", () => {
    // 1:00-2:30 ends when the clocks jump at 2:00 EST (07:00Z): an hour from 1:30 would end at 3:30 EDT.
    const got = slots({
      ...around("2026-03-08"),
      weekly: everyDay(["1:00am", "2:30am"]),
      durationMinutes: 60,
      stepMinutes: 30,
    });
    expect(got).toEqual(["2026-03-08T06:00:00Z"]);
  });

  it("measures meetings in real time: two hours from 1:00am on the spring-forward day end at 4:00 EDT", () => {
    const got = slots({
      ...around("2026-03-08"),
      weekly: everyDay(["12:00am", "3:30am"]),
      durationMinutes: 120,
      stepMinutes: 60,
    });
    expect(got).toEqual(["2026-03-08T05:00:00Z"]);
  });

  it("the repeated 1:00am on the fall-back day gives one slot, at the earlier offset", () => {
    const got = slots({
      from: z("2026-11-01T00:00:00Z"),
      to: z("2026-11-02T00:00:00Z"),
      weekly: everyDay(["12:00am", "3:00am"]),
      durationMinutes: 60,
    });
    expect(got).toEqual(["2026-11-01T04:00:00Z", "2026-11-01T05:00:00Z", "2026-11-01T07:00:00Z"]);
  });

  it("America/Chicago 3:00pm on 2025-03-09 is 20:00Z", () => {
    const got = slots({
      timeZone: "America/Chicago",
      ...around("2025-03-09", "America/Chicago"),
      now: z("2025-01-01T00:00:00Z"),
      weekly: everyDay(["3:00pm", "4:00pm"]),
      durationMinutes: 60,
    });
    expect(got).toEqual(["2025-03-09T20:00:00Z"]);
  });
});

describe("computeSlots: zones with odd offsets and changes", () => {
  it("Asia/Kolkata from 7:30am", () => {
    const got = slots({
      timeZone: "Asia/Kolkata",
      from: z("2026-05-03T18:30:00Z"),
      to: z("2026-05-04T18:30:00Z"),
      weekly: everyDay(["7:30am", "9:00am"]),
    });
    expect(got).toEqual(["2026-05-04T02:00:00Z", "2026-05-04T02:30:00Z", "2026-05-04T03:00:00Z"]);
  });

  it("Asia/Kathmandu at +5:45", () => {
    const got = slots({
      timeZone: "Asia/Kathmandu",
      from: z("2026-05-03T18:15:00Z"),
      to: z("2026-05-04T18:15:00Z"),
      weekly: everyDay(["9:00am", "10:00am"]),
      durationMinutes: 60,
    });
    expect(got).toEqual(["2026-05-04T03:15:00Z"]);
  });

  it("Australia/Sydney when DST ends (2026-04-05): the repeated 2:00am once, 3:00am in AEST", () => {
    const got = slots({
      timeZone: "Australia/Sydney",
      from: z("2026-04-04T13:00:00Z"),
      to: z("2026-04-05T14:00:00Z"),
      weekly: everyDay(["1:00am", "4:00am"], ["9:00am", "10:00am"]),
      durationMinutes: 60,
    });
    expect(got).toEqual([
      "2026-04-04T14:00:00Z",
      "2026-04-04T15:00:00Z",
      "2026-04-04T17:00:00Z",
      "2026-04-04T23:00:00Z",
    ]);
  });

  it("Australia/Sydney when DST starts (2026-10-04): no 2:00am", () => {
    const got = slots({
      timeZone: "Australia/Sydney",
      from: z("2026-10-03T14:00:00Z"),
      to: z("2026-10-04T13:00:00Z"),
      weekly: everyDay(["1:00am", "4:00am"], ["9:00am", "10:00am"]),
      durationMinutes: 60,
    });
    expect(got).toEqual(["2026-10-03T15:00:00Z", "2026-10-03T16:00:00Z", "2026-10-03T22:00:00Z"]);
  });

  it("America/Santiago: midnight does not exist on 2026-09-06", () => {
    const got = slots({
      timeZone: "America/Santiago",
      from: z("2026-09-06T03:00:00Z"),
      to: z("2026-09-07T03:00:00Z"),
      weekly: everyDay(["12:00am", "3:00am"]),
      durationMinutes: 60,
    });
    expect(got).toEqual(["2026-09-06T04:00:00Z", "2026-09-06T05:00:00Z"]);
  });

  it("America/Santiago: 11:00pm repeats on 2026-04-04 and the day ends at midnight -04", () => {
    const got = slots({
      timeZone: "America/Santiago",
      from: z("2026-04-04T03:00:00Z"),
      to: z("2026-04-05T06:00:00Z"),
      weekly: everyDay(["12:00am", "1:00am"], ["10:00pm", "12:00am"]),
      durationMinutes: 60,
      stepMinutes: 30,
    });
    expect(got).toEqual([
      "2026-04-04T03:00:00Z", // 4 April 12:00am -03
      "2026-04-05T01:00:00Z", // 10:00pm -03
      "2026-04-05T01:30:00Z",
      "2026-04-05T02:00:00Z", // 11:00pm, the first time
      "2026-04-05T02:30:00Z", // 11:30pm, the first time
      "2026-04-05T04:00:00Z", // 5 April 12:00am -04
    ]);
  });

  it("Pacific/Chatham at +13:45 in summer and +12:45 in winter", () => {
    const week = everyDay(["9:00am", "10:00am"]);
    const summer = slots({
      timeZone: "Pacific/Chatham",
      from: z("2026-01-04T10:15:00Z"),
      to: z("2026-01-05T10:15:00Z"),
      weekly: week,
      durationMinutes: 60,
    });
    expect(summer).toEqual(["2026-01-04T19:15:00Z"]);
    const winter = slots({
      timeZone: "Pacific/Chatham",
      from: z("2026-05-03T11:15:00Z"),
      to: z("2026-05-04T11:15:00Z"),
      weekly: week,
      durationMinutes: 60,
    });
    expect(winter).toEqual(["2026-05-03T20:15:00Z"]);
  });
});
