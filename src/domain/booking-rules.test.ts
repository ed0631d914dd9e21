import { describe, expect, it } from "vitest";
import { chooseLocation, meetingInfo, type Place, unansweredQuestion } from "./booking-rules.js";

type Location = Place;

const zoom: Location = { type: "zoom", value: "https://zoom.us/j/98765432101?pwd=x", displayName: "Zoom" };
const room: Location = { type: "in_person", value: "Studio 4", displayName: "In-person meeting" };
const ask: Location = { type: "ask_invitee", value: "", displayName: "Ask invitee" };

describe("meetingInfo", () => {
  it("links online locations and formats their meeting ids", () => {
    expect(meetingInfo(zoom)).toEqual({ meetingLink: zoom.value, meetingIdFormatted: "987 6543 2101" });
    expect(meetingInfo({ ...zoom, value: "https://zoom.us/j/1234567890" }).meetingIdFormatted).toBe(
      "123 456 7890",
    );
    expect(
      meetingInfo({
        type: "google_meet",
        value: "https://meet.google.com/ABC-defg-hij",
        displayName: "Google Meet",
      }),
    ).toEqual({ meetingLink: "https://meet.google.com/ABC-defg-hij", meetingIdFormatted: "abc-defg-hij" });
    expect(meetingInfo({ type: "webex", value: "https://meet.webex.com/x", displayName: "Webex" })).toEqual({
      meetingLink: "https://meet.webex.com/x",
      meetingIdFormatted: null,
    });
  });

  it("never links places, phone numbers, empty values or non-https schemes", () => {
    for (const location of [
      room,
      { type: "phone", value: "https://evil.example", displayName: "Phone call" } as Location,
      { ...zoom, value: "" },
      { ...zoom, value: "javascript:alert(1)" },
      { ...zoom, value: "http://zoom.us/j/1234567890" },
      null,
    ]) {
      expect(meetingInfo(location)).toEqual({ meetingLink: null, meetingIdFormatted: null });
    }
  });
});

describe("chooseLocation", () => {
  it("copies the offered location and defaults to the first", () => {
    expect(chooseLocation([room, zoom], undefined)).toEqual({ location: room });
    expect(chooseLocation([room, zoom], { type: "zoom", value: "https://mine.example" })).toEqual({
      location: zoom,
    });
    expect(chooseLocation([], undefined)).toEqual({ location: null });
  });

  it("takes the invitee's answer only for ask_invitee, and refuses what is not offered", () => {
    expect(chooseLocation([ask], { type: "ask_invitee", value: " Cafe " })).toEqual({
      location: { type: "ask_invitee", value: "Cafe", displayName: "Ask invitee" },
    });
    expect(chooseLocation([ask], { type: "ask_invitee", value: " " })).toMatchObject({
      field: "location.value",
    });
    expect(chooseLocation([room], { type: "zoom" })).toMatchObject({ field: "location.type" });
  });

  it("tells two places of one type apart by their value", () => {
    const annex = { type: "in_person", value: "Annex, 2nd floor", displayName: "In-person meeting" };
    expect(chooseLocation([room, annex], { type: "in_person", value: "Annex, 2nd floor" })).toEqual({
      location: annex,
    });
    expect(chooseLocation([room, annex], { type: "in_person", value: "" })).toEqual({ location: room });
  });
});

describe("unansweredQuestion", () => {
  const questions = [
    { question: "Company", required: false },
    { question: "Agenda", required: true },
  ];
  it("names the first required question left blank", () => {
    expect(unansweredQuestion(questions, [])).toBe("Agenda");
    expect(unansweredQuestion(questions, [{ question: "Agenda", answer: "  " }])).toBe("Agenda");
    expect(unansweredQuestion(questions, [{ question: "Agenda ", answer: "Pricing" }])).toBeUndefined();
  });
});
