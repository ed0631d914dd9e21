/**
 * The host app's one clock (issue 27): the host's 12h/24h choice in their app language, through Intl;
 * schedule labels (stored '9:00am') on that clock; zone names readable in every language.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Locale } from "../../contract/languages";
import { zoneLabel } from "../features/bookings/time";
import {
  clockTime,
  followHostTimeFormat,
  minuteOfDayText,
  type TimeFormat,
  timeLabelText,
} from "./host-clock";
import { activate } from "./i18n";

function as(locale: Locale, format: TimeFormat | null) {
  activate({ locale, messages: {} });
  followHostTimeFormat(format);
}
afterEach(() => followHostTimeFormat(null));
afterAll(() => as("en", null));

const AFTERNOON = "2026-11-30T13:05:00Z";
const MORNING = "2026-11-30T09:05:00Z";

describe("clockTime: the host's hour cycle in the host's language", () => {
  it.each([
    ["en", "12h", "1:05pm", "9:05am"],
    ["en", "24h", "13:05", "09:05"],
    ["de", "12h", "1:05 PM", "9:05 AM"],
    ["de", "24h", "13:05", "9:05"],
    ["ja", "12h", "午後1:05", "午前9:05"],
    ["ja", "24h", "13:05", "9:05"],
    ["ar", "12h", "1:05 م", "9:05 ص"],
    ["ar", "24h", "13:05", "09:05"],
    ["hi", "12h", "1:05 pm", "9:05 am"],
    ["hi", "24h", "13:05", "09:05"],
  ] as const)("%s %s: %s, %s", (locale, format, afternoon, morning) => {
    as(locale, format);
    expect(clockTime(AFTERNOON, "UTC")).toBe(afternoon);
    expect(clockTime(MORNING, "UTC")).toBe(morning);
  });

  it("without a host's choice (public pages) each language keeps its own habit", () => {
    as("en", null);
    expect(clockTime(AFTERNOON, "UTC")).toBe("1:05pm");
    as("de", null);
    expect(clockTime(AFTERNOON, "UTC")).toBe("13:05");
  });

  it("reads the instant on the zone's wall clock, across a DST change (New York, March 2026)", () => {
    as("de", "24h");
    expect(clockTime("2026-03-07T18:00:00Z", "America/New_York")).toBe("13:00"); // EST, UTC-5
    expect(clockTime("2026-03-09T18:00:00Z", "America/New_York")).toBe("14:00"); // EDT, UTC-4
    expect(clockTime("2026-03-09T18:00:00Z", "Asia/Kathmandu")).toBe("23:45");
    as("en", "12h");
    expect(clockTime("2026-03-09T18:00:00Z", "America/New_York")).toBe("2:00pm");
  });
});

describe("schedule labels on the host's clock", () => {
  it("shows stored 12-hour labels in the host's form; the stored value is unchanged", () => {
    as("de", "24h");
    expect(timeLabelText("9:00am")).toBe("9:00");
    expect(timeLabelText("5:30pm")).toBe("17:30");
    expect(timeLabelText("12:00am")).toBe("0:00");
    as("ja", "12h");
    expect(timeLabelText("5:30pm")).toBe("午後5:30");
    as("en", "12h");
    expect(timeLabelText("5:30pm")).toBe("5:30pm");
    expect(timeLabelText("not a time")).toBe("not a time");
  });

  it("the end of a day is '24:00' on a 24-hour clock and '12:00am' on a 12-hour one", () => {
    as("en", "24h");
    expect(timeLabelText("12:00am", "end")).toBe("24:00");
    expect(minuteOfDayText(1440)).toBe("24:00");
    as("en", "12h");
    expect(timeLabelText("12:00am", "end")).toBe("12:00am");
    as("ar", "24h");
    expect(minuteOfDayText(1440)).toBe("24:00");
  });
});

describe("zone labels", () => {
  const WINTER = new Date("2026-01-15T12:00:00Z");
  const SUMMER = new Date("2026-07-15T12:00:00Z");

  it.each([
    ["en", "Coordinated Universal Time"],
    ["de", "Koordinierte Weltzeit"],
    ["ja", "協定世界時"],
    ["hi", "समन्वित वैश्विक समय"],
    ["ar", "التوقيت العالمي المنسق"],
  ] as const)("%s names UTC and its aliases, never 'GMT+00:00'", (locale, name) => {
    as(locale, null);
    for (const zone of ["UTC", "Etc/UTC", "Etc/GMT", "GMT"]) expect(zoneLabel(zone, WINTER)).toBe(name);
  });

  it("an Etc offset zone reads as the UTC offset it means (POSIX's sign reversed)", () => {
    as("de", null);
    expect(zoneLabel("Etc/GMT+5", WINTER)).toBe("UTC−05:00");
    expect(zoneLabel("Etc/GMT-14", WINTER)).toBe("UTC+14:00");
  });

  it("a named zone is its generic name in the language, with the city; the same in winter and summer", () => {
    as("de", null);
    expect(zoneLabel("Europe/Berlin", WINTER)).toBe("Mitteleuropäische Zeit (Berlin)");
    expect(zoneLabel("Europe/Berlin", SUMMER)).toBe("Mitteleuropäische Zeit (Berlin)");
    as("en", null);
    expect(zoneLabel("America/New_York", WINTER)).toBe("Eastern Time (New York)");
    expect(zoneLabel("America/New_York", SUMMER)).toBe("Eastern Time (New York)");
    as("ja", null);
    expect(zoneLabel("Asia/Kathmandu", WINTER)).toBe("ネパール時間 (Kathmandu)");
    as("ar", null);
    expect(zoneLabel("Asia/Kolkata", WINTER)).toBe("توقيت الهند (Kolkata)");
  });
});
