import { describe, expect, it } from "vitest";
import { intlTag, LOCALES } from "../../contract/languages.js";
import { mailWords } from "./words.js";

// Zones with half and three-quarter hours, west of UTC near midnight, and daylight saving both ways.
const ZONES = [
  "UTC",
  "America/Los_Angeles",
  "America/St_Johns",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "Australia/Lord_Howe",
  "Europe/London",
];

/** Instants every 7 h 13 min through 2027, so every hour of the day and both DST changes are crossed. */
function instants(): Date[] {
  const out: Date[] = [];
  for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2028, 0, 1); t += (7 * 60 + 13) * 60_000)
    out.push(new Date(t));
  return out;
}

describe("mail words", () => {
  it("write each instant's date and time as Intl does on the zone's wall clock, in every language", () => {
    for (const locale of LOCALES) {
      const words = mailWords(locale);
      for (const zone of ZONES) {
        const date = new Intl.DateTimeFormat(intlTag(locale), {
          timeZone: zone,
          weekday: "long",
          month: "long",
          day: "numeric",
          year: "numeric",
        });
        const time = new Intl.DateTimeFormat(intlTag(locale), {
          timeZone: zone,
          hour: "numeric",
          minute: "2-digit",
        });
        for (const instant of instants()) {
          const written = words.when(instant, zone);
          expect(written.date, `${locale} ${zone} ${instant.toISOString()}`).toBe(date.format(instant));
          if (locale !== "en")
            expect(written.time, `${locale} ${zone} ${instant.toISOString()}`).toBe(time.format(instant));
        }
      }
    }
  });

  it("write English times as the spec does", () => {
    const words = mailWords("en");
    expect(words.when(new Date("2027-03-15T13:00:00Z"), "America/New_York")).toEqual({
      date: "Monday, March 15, 2027",
      time: "9:00am",
    });
    expect(words.when(new Date("2027-03-15T23:59:00Z"), "Asia/Kathmandu").time).toBe("5:44am");
  });
});
