import { describe, expect, it } from "vitest";
import {
  formatTimeLabel,
  isValidTimeLabel,
  isValidTimeZone,
  normalizeTimeLabel,
  parseTimeLabel,
  TIME_CHOICES,
} from "./time-labels.js";

describe("parseTimeLabel", () => {
  it("reads the 12-hour clock", () => {
    expect(parseTimeLabel("12:00am")).toBe(0);
    expect(parseTimeLabel("12:15am")).toBe(15);
    expect(parseTimeLabel("1:00am")).toBe(60);
    expect(parseTimeLabel("9:00am")).toBe(540);
    expect(parseTimeLabel("11:59am")).toBe(719);
    expect(parseTimeLabel("12:00pm")).toBe(720);
    expect(parseTimeLabel("12:30pm")).toBe(750);
    expect(parseTimeLabel("5:00pm")).toBe(1020);
    expect(parseTimeLabel("11:45pm")).toBe(1425);
  });

  it("reads 12:00am as the end of the day only when asked for an end", () => {
    expect(parseTimeLabel("12:00am", "end")).toBe(1440);
    expect(parseTimeLabel("12:00am", "start")).toBe(0);
    expect(parseTimeLabel("12:15am", "end")).toBe(15);
    expect(parseTimeLabel("5:00pm", "end")).toBe(1020);
  });

  it("accepts a leading zero, upper case and one space", () => {
    expect(parseTimeLabel("09:05AM")).toBe(545);
    expect(parseTimeLabel(" 9:00 pm ")).toBe(1260);
  });

  it.each([
    "",
    "9am",
    "9:00",
    "13:00pm",
    "0:30am",
    "9:60am",
    "9:5am",
    "9:00 am pm",
    "9:00  am",
    "noon",
    "21:00",
  ])("refuses %j", (label) => {
    expect(parseTimeLabel(label)).toBeUndefined();
    expect(isValidTimeLabel(label)).toBe(false);
  });

  it("refuses values that are not strings", () => {
    expect(parseTimeLabel(undefined as unknown as string)).toBeUndefined();
    expect(parseTimeLabel(540 as unknown as string)).toBeUndefined();
  });
});

describe("formatTimeLabel", () => {
  it("writes the canonical label", () => {
    expect(formatTimeLabel(0)).toBe("12:00am");
    expect(formatTimeLabel(5)).toBe("12:05am");
    expect(formatTimeLabel(540)).toBe("9:00am");
    expect(formatTimeLabel(720)).toBe("12:00pm");
    expect(formatTimeLabel(1439)).toBe("11:59pm");
    expect(formatTimeLabel(1440)).toBe("12:00am");
  });

  it("refuses minutes outside the day", () => {
    expect(() => formatTimeLabel(-1)).toThrow(RangeError);
    expect(() => formatTimeLabel(1441)).toThrow(RangeError);
    expect(() => formatTimeLabel(1.5)).toThrow(RangeError);
  });

  it("round-trips every minute of the day", () => {
    for (let m = 0; m < 1440; m++) expect(parseTimeLabel(formatTimeLabel(m))).toBe(m);
    expect(parseTimeLabel(formatTimeLabel(1440), "end")).toBe(1440);
  });

  it("normalizes labels", () => {
    expect(normalizeTimeLabel("09:00 AM")).toBe("9:00am");
    expect(normalizeTimeLabel("bad")).toBeUndefined();
  });
});

describe("TIME_CHOICES", () => {
  it("lists 15-minute steps from 12:00am to 11:45pm", () => {
    expect(TIME_CHOICES).toHaveLength(96);
    expect(TIME_CHOICES[0]).toBe("12:00am");
    expect(TIME_CHOICES[1]).toBe("12:15am");
    expect(TIME_CHOICES[36]).toBe("9:00am");
    expect(TIME_CHOICES[48]).toBe("12:00pm");
    expect(TIME_CHOICES[95]).toBe("11:45pm");
    expect(new Set(TIME_CHOICES).size).toBe(96);
  });
});

describe("isValidTimeZone", () => {
  it.each([
    "Asia/Kolkata",
    "Asia/Kathmandu",
    "America/New_York",
    "Pacific/Chatham",
    "UTC",
    "America/St_Johns",
  ])("accepts %s", (zone) => expect(isValidTimeZone(zone)).toBe(true));

  it.each(["", "Mars/Olympus", "Asia/Kolkata ", "+05:30", "-03:00", "Local", "x".repeat(65)])(
    "refuses %j",
    (zone) => expect(isValidTimeZone(zone)).toBe(false),
  );

  it("refuses values that are not strings", () => {
    expect(isValidTimeZone(undefined as unknown as string)).toBe(false);
  });
});
