import { describe, expect, it } from "vitest";
import { icsLines, icsProp } from "../testing/booking-fixtures.js";
import { buildInvite, type InviteInput, recurrenceLines } from "./ics.js";

const base: InviteInput = {
  uid: "Abc123_-xyz0987654321",
  sequence: 0,
  method: "REQUEST",
  start: new Date("2026-03-09T13:00:00Z"),
  end: new Date("2026-03-09T13:30:00Z"),
  timeZone: "America/New_York",
  summary: "Intro call",
  description: "",
  location: null,
  url: null,
  organizer: { name: "Host", email: "host@example.com" },
  attendees: [{ name: "Invitee", email: "invitee@example.com" }],
  stamp: new Date("2026-03-01T10:20:30Z"),
};

describe("iCalendar invites", () => {
  it("writes the host zone's wall-clock times with its VTIMEZONE, whatever the server's zone", () => {
    // 2026-03-09 is the first weekday after New York moved to EDT (UTC-4).
    const ics = buildInvite(base);
    expect(icsProp(ics, "DTSTART")).toBe("DTSTART;TZID=America/New_York:20260309T090000");
    expect(icsProp(ics, "DTEND")).toBe("DTEND;TZID=America/New_York:20260309T093000");
    expect(icsProp(ics, "DTSTAMP")).toBe("DTSTAMP:20260301T102030Z");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:America/New_York");
    expect(icsProp(ics, "METHOD")).toBe("METHOD:REQUEST");
    expect(icsProp(ics, "UID")).toBe("UID:Abc123_-xyz0987654321@kairos");
    expect(icsProp(ics, "SEQUENCE")).toBe("SEQUENCE:0");
    expect(icsProp(ics, "ORGANIZER")).toBe('ORGANIZER;CN="Host":mailto:host@example.com');
    expect(icsProp(ics, "ATTENDEE")).toContain("MAILTO:invitee@example.com");

    const winter = buildInvite({
      ...base,
      start: new Date("2026-11-02T14:00:00Z"),
      end: new Date("2026-11-02T15:00:00Z"),
      timeZone: "Asia/Kathmandu",
    });
    expect(icsProp(winter, "DTSTART")).toBe("DTSTART;TZID=Asia/Kathmandu:20261102T194500");
    expect(winter).toContain("TZOFFSETTO:+0545");
  });

  it("cancels with METHOD:CANCEL and the sequence it is given", () => {
    const ics = buildInvite({ ...base, method: "CANCEL", sequence: 3 });
    expect(icsProp(ics, "METHOD")).toBe("METHOD:CANCEL");
    expect(icsProp(ics, "STATUS")).toBe("STATUS:CANCELLED");
    expect(icsProp(ics, "SEQUENCE")).toBe("SEQUENCE:3");
  });

  it("escapes line breaks and separators, keeps names out of parameters' syntax, and folds long lines", () => {
    const ics = buildInvite({
      ...base,
      summary: "Hi <script>alert(1)</script>\r\nBcc: x@evil.example",
      description: `a;b,c\\d\n${"x".repeat(200)}`,
      organizer: { name: 'Mallory "\r\nATTENDEE:mailto:evil@example.com', email: "host@example.com" },
    });
    const lines = icsLines(ics);
    expect(lines.some((l) => l.startsWith("Bcc:"))).toBe(false);
    expect(lines.filter((l) => l.startsWith("ATTENDEE")).length).toBe(1);
    expect(icsProp(ics, "SUMMARY")).toBe("SUMMARY:Hi <script>alert(1)</script>\\nBcc: x@evil.example");
    expect(icsProp(ics, "DESCRIPTION")).toMatch(/^DESCRIPTION:a\\;b\\,c\\\\d\\nx{200}$/);
    for (const raw of ics.split("\r\n")) expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(75);
  });

  it("folds between characters, never inside one, and unfolds to the text it was given", () => {
    const summary = `Réunion 日本語 ${"ü😀".repeat(40)}`;
    const ics = buildInvite({ ...base, summary });
    const raw = ics.split("\r\n");
    for (const line of raw) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(/\uFFFD|^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
    expect(raw.filter((l) => l.startsWith(" ")).length).toBeGreaterThan(2);
    expect(icsProp(ics, "SUMMARY")).toBe(`SUMMARY:${summary}`);
  });

  it("falls back to UTC times for a zone without VTIMEZONE data", () => {
    const ics = buildInvite({ ...base, timeZone: "Etc/Not_A_Zone" });
    expect(icsProp(ics, "DTSTART")).toBe("DTSTART:20260309T130000Z");
    expect(ics).not.toContain("BEGIN:VTIMEZONE");
    const utc = buildInvite({ ...base, timeZone: "UTC" });
    expect(icsProp(utc, "DTEND")).toBe("DTEND:20260309T133000Z");
    expect(utc).not.toContain("BEGIN:VTIMEZONE");
  });
});

describe("recurrenceLines (a series' rule for Google's recurrence)", () => {
  it("gives the event's RRULE and EXDATE in its zone, not the VTIMEZONE's rules", () => {
    const lines = recurrenceLines({
      ...base,
      recurrence: { frequency: "biweekly", count: 3, exclude: [new Date("2026-03-23T13:00:00Z")] },
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^RRULE:/);
    expect(lines[0].slice(6).split(";").sort()).toEqual(["COUNT=3", "FREQ=WEEKLY", "INTERVAL=2"]);
    expect(lines[1]).toBe("EXDATE;TZID=America/New_York:20260323T090000");
  });
});
