import { describe, expect, it } from "vitest";
import { editForm, kindParts, toUpdateBody } from "./forms";
import { missingInForm } from "./MissingParts";

const HOST = "7f1d2c3e-0000-4000-8000-000000000002";

const base = {
  title: "Team intro",
  isActive: true,
  duration: 30,
  locations: [{ type: "zoom" as const, value: "https://zoom.us/j/1" }],
  description: "",
  color: "#3B82F6",
  slug: "team-intro",
  bookingSettings: {},
  maxInvitees: 1,
  questions: [],
  phoneField: "required" as const,
  language: null,
  confirmation: { required: true, noticeHours: 12, expiryHours: 24 },
  bookingLimits: {},
  availabilityScheduleId: null,
  googleAccountId: null,
  team: { teamId: "7f1d2c3e-0000-4000-8000-000000000001", hosts: [{ userId: HOST }] },
  fixedTimes: ["2030-01-07T09:00:00.000Z"],
  expiresAt: "2030-01-10T17:30",
};

describe("the editor's one save", () => {
  const values = editForm.parse(base);

  it("sends a team kind's hosts with everything else, and no times", () => {
    const body = toUpdateBody(values, "round-robin", false);
    expect(body.confirmation).toEqual({ required: true, noticeHours: 12, expiryHours: 24 });
    expect(body.title).toBe("Team intro");
    expect(body.team).toEqual({
      teamId: base.team.teamId,
      hosts: [{ userId: HOST, weight: 1, priority: 0 }],
    });
    expect(body).not.toHaveProperty("fixedTimes");
    expect(body).not.toHaveProperty("expiresAt");
  });

  it("sends a poll's times, and a one-off's times and expiry as an instant", () => {
    expect(toUpdateBody(values, "poll", false)).toMatchObject({ fixedTimes: base.fixedTimes });
    expect(toUpdateBody(values, "poll", false)).not.toHaveProperty("team");
    const oneOff = toUpdateBody(values, "one-off", false);
    expect(oneOff.expiresAt).toBe(new Date("2030-01-10T17:30").toISOString());
    expect(kindParts("one-off", { ...values, expiresAt: "" }).expiresAt).toBeNull();
  });

  it("sends the slug only when the host typed it (else the server may move an untitled type's link)", () => {
    expect(toUpdateBody(values, "one-on-one", false)).not.toHaveProperty("slug");
    expect(toUpdateBody(values, "one-on-one", true).slug).toBe("team-intro");
  });

  it("says what a half-built type misses as the host edits", () => {
    expect(missingInForm("collective", 0, 0)).toEqual(["hosts"]);
    expect(missingInForm("round-robin", 1, 0)).toEqual([]);
    expect(missingInForm("poll", 0, 0)).toEqual(["times"]);
    expect(missingInForm("one-off", 0, 0)).toEqual([]);
  });
});
