import raw from "@vvo/tzdb/raw-time-zones.json";
import { describe, expect, it } from "vitest";
import { allTimeZones } from "../features/bookings/time";
import { buildZoneIndex, type RawZone, searchZones } from "./zoneSearch";

const index = buildZoneIndex(raw as RawZone[]);
// The pickers' list: every zone this runtime knows, under today's names.
const zones = allTimeZones("Asia/Kolkata").sort();
const search = (q: string) => searchZones(index, zones, q);

describe("time zone search", () => {
  it("finds a zone by its cities, former names and the old zone id", () => {
    for (const q of ["Delhi", "Mumbai", "mumbai", "Bombay", "Calcutta", "Kolkata", "Bengaluru"]) {
      expect(search(q)[0], q).toBe("Asia/Kolkata");
    }
    expect(search("new york")[0]).toBe("America/New_York");
    expect(search("San Francisco")[0]).toBe("America/Los_Angeles");
    expect(search("koln")[0]).toBe("Europe/Berlin");
  });

  it("finds a country's zone, the main one first", () => {
    expect(search("Germany")[0]).toBe("Europe/Berlin");
    expect(search("India")[0]).toBe("Asia/Kolkata");
    expect(search("japan")[0]).toBe("Asia/Tokyo");
  });

  it("lists every zone of an abbreviation, most likely first", () => {
    expect(search("PST")[0]).toBe("America/Los_Angeles");
    expect(search("EST")[0]).toBe("America/New_York");
    // India, Israel, then the other standard-time IST (Sri Lanka), then Ireland's summer time.
    const ist = search("ist");
    expect(ist.slice(0, 2)).toEqual(["Asia/Kolkata", "Asia/Jerusalem"]);
    expect(ist.slice(0, 4)).toEqual(expect.arrayContaining(["Europe/Dublin", "Asia/Colombo"]));
    expect(search("CST").slice(0, 2)).toEqual(["America/Chicago", "Asia/Shanghai"]);
    const cet = search("CET");
    expect(cet.slice(0, 2)).toEqual(["Europe/Berlin", "Europe/Paris"]);
    expect(cet).toEqual(expect.arrayContaining(["Europe/Madrid", "Europe/Rome"]));
  });

  it("needs every word, and finds nothing for nonsense", () => {
    expect(search("pacific time")[0]).toBe("America/Los_Angeles");
    expect(search("zzzz")).toEqual([]);
    expect(search("")).toHaveLength(zones.length);
  });
});
