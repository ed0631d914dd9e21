import { describe, expect, it } from "vitest";
import {
  validateOverrides,
  validateSchedule,
  validateTimeSlots,
  validateWeekly,
} from "./schedule-validation.js";
import { type DateOverride, type DaySchedule, WEEKDAYS } from "./types.js";

const week = (): DaySchedule[] =>
  WEEKDAYS.map((day, i) => ({
    day,
    dayCode: "SMTWTFS"[i],
    isAvailable: i >= 1 && i <= 5,
    timeSlots: i >= 1 && i <= 5 ? [{ startTime: "9:00am", endTime: "5:00pm" }] : [],
  }));

describe("validateSchedule", () => {
  it("accepts the default week and good overrides", () => {
    const overrides: DateOverride[] = [
      { date: "2026-12-25", isAvailable: false, timeSlots: [] },
      { date: "2026-12-24", isAvailable: true, timeSlots: [{ startTime: "10:00pm", endTime: "12:00am" }] },
    ];
    expect(validateSchedule(week(), overrides)).toEqual([]);
  });

  it("needs seven entries, each weekday once", () => {
    expect(validateWeekly(week().slice(0, 6))).toContainEqual({
      path: "schedule",
      message: "The schedule needs one entry per weekday",
    });
    const twice = week();
    twice[6] = { ...twice[6], day: "monday" };
    expect(validateWeekly(twice)).toEqual([{ path: "schedule.6.day", message: "Each weekday appears once" }]);
    const bad = week();
    bad[2] = { ...bad[2], day: "funday" as never, isAvailable: "yes" as never };
    expect(validateWeekly(bad)).toEqual([
      { path: "schedule.2.day", message: "Use a weekday name such as monday" },
      { path: "schedule.2.isAvailable", message: "Must be true or false" },
    ]);
    expect(validateWeekly(null as never)).toEqual([
      { path: "schedule", message: "The schedule needs one entry per weekday" },
    ]);
  });

  it("reports bad labels, inverted and overlapping slots per field", () => {
    const w = week();
    w[1].timeSlots = [
      { startTime: "9:00am", endTime: "12:00pm" },
      { startTime: "13:00", endTime: "5:00pm" },
      { startTime: "5:00pm", endTime: "4:00pm" },
      { startTime: "11:00am", endTime: "1:00pm" },
    ];
    expect(validateSchedule(w, [])).toEqual([
      { path: "schedule.1.timeSlots.1.startTime", message: "Use a time like 9:00am" },
      { path: "schedule.1.timeSlots.2.endTime", message: "End time must be after start time" },
      { path: "schedule.1.timeSlots.3.startTime", message: "Time slots overlap" },
    ]);
  });

  it("lets slots touch and reads 12:00am as the end of the day", () => {
    const slots = [
      { startTime: "9:00pm", endTime: "12:00am" },
      { startTime: "12:00pm", endTime: "1:00pm" },
      { startTime: "1:00pm", endTime: "9:00pm" },
    ];
    expect(validateTimeSlots(slots, "s")).toEqual([]);
    expect(validateTimeSlots([{ startTime: "12:00am", endTime: "12:00am" }], "s")).toEqual([]);
    expect(validateTimeSlots([{ startTime: "9:00am", endTime: "9:00am" }], "s")).toEqual([
      { path: "s.0.endTime", message: "End time must be after start time" },
    ]);
  });

  it("finds an overlap hidden behind a long slot", () => {
    const slots = [
      { startTime: "8:00am", endTime: "6:00pm" },
      { startTime: "9:00am", endTime: "10:00am" },
      { startTime: "11:00am", endTime: "12:00pm" },
    ];
    expect(validateTimeSlots(slots, "s")).toEqual([
      { path: "s.1.startTime", message: "Time slots overlap" },
      { path: "s.2.startTime", message: "Time slots overlap" },
    ]);
  });

  it("checks override dates, duplicates and slots", () => {
    const overrides = [
      { date: "2026-02-30", isAvailable: false, timeSlots: [] },
      { date: "2026-07-04", isAvailable: true, timeSlots: [] },
      { date: "2026-07-04", isAvailable: false, timeSlots: [] },
      { date: "2026-07-05", isAvailable: true, timeSlots: [{ startTime: "2:00pm", endTime: "1:00pm" }] },
      { date: "2026-07-06", isAvailable: false, timeSlots: [{ startTime: "bad", endTime: "bad" }] },
    ];
    expect(validateOverrides(overrides)).toEqual([
      { path: "dateOverrides.0.date", message: "Use a date like 2026-07-04" },
      {
        path: "dateOverrides.1.timeSlots",
        message: "Add at least one time slot or mark the date unavailable",
      },
      { path: "dateOverrides.2.date", message: "This date already has an override" },
      { path: "dateOverrides.3.timeSlots.0.endTime", message: "End time must be after start time" },
    ]);
  });
});
