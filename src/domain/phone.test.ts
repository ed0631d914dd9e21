import { describe, expect, it } from "vitest";
import {
  checkPhone,
  countryOfTyped,
  countryOfZone,
  formatPhone,
  inviteePhone,
  phoneCountries,
} from "./phone.js";

describe("invitee phone numbers", () => {
  it("finds the country of a zone from the kept zone data, none for UTC", () => {
    expect(countryOfZone("Europe/Berlin")).toBe("DE");
    expect(countryOfZone("Asia/Calcutta")).toBe("IN"); // an alias
    expect(countryOfZone("America/Los_Angeles")).toBe("US");
    expect(countryOfZone("UTC")).toBeUndefined();
    expect(countryOfZone("Mars/Base")).toBeUndefined();
  });

  it("reads national and international numbers into E.164", () => {
    expect(checkPhone("+1 (415) 555-0134", "DE")).toEqual({ ok: true, e164: "+14155550134", country: "US" });
    expect(checkPhone("030 1234567", "DE")).toMatchObject({ ok: true, e164: "+49301234567" });
    expect(checkPhone("5551234567", "US")).toEqual({
      ok: false,
      message: "Enter a valid phone number for United States",
    });
    expect(checkPhone("12", undefined).ok).toBe(false);
    expect(checkPhone("14155550134", undefined, { digitsFallback: true })).toMatchObject({
      e164: "+14155550134",
    });
  });

  it("applies the rule: hidden keeps nothing, optional allows empty, required insists", () => {
    const who = { phone: "", timezone: "Europe/Berlin" };
    expect(inviteePhone(who, "required")).toEqual({ ok: false, message: "Phone is required" });
    expect(inviteePhone(who, "optional")).toEqual({ ok: true, phone: "" });
    expect(inviteePhone({ ...who, phone: "+1 415 555 0134" }, "hidden")).toEqual({ ok: true, phone: "" });
    expect(inviteePhone({ ...who, phone: "0151 12345678" }, "optional")).toEqual({
      ok: true,
      phone: "+4915112345678",
    });
  });

  it("follows a number being typed with +, and formats stored numbers for hosts", () => {
    expect(countryOfTyped("+44 20")).toBe("GB");
    expect(countryOfTyped("+1")).toBe("US");
    expect(countryOfTyped("+1", "CA")).toBe("CA");
    expect(countryOfTyped("030")).toBeUndefined();
    expect(formatPhone("+14155550134")).toBe("+1 415 555 0134");
    // Digits from before E.164: their country is unknown, so they stay as they are.
    expect(formatPhone("4155550134")).toBe("4155550134");
    const list = phoneCountries();
    expect(list.find((c) => c.code === "DE")).toEqual({ code: "DE", name: "Germany", callingCode: "+49" });
  });
});
