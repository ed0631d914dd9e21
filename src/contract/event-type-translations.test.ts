import { describe, expect, it } from "vitest";
import { compactTranslations, localizedEventText } from "./event-type-translations";

describe("an event type's own words in a language (issue 27)", () => {
  const type = {
    title: "Consultation",
    description: "We talk it through.",
    translations: { de: { title: "Beratung", description: "" } },
  };

  it("reads the translation where written, the original elsewhere and for blank fields", () => {
    expect(localizedEventText(type, "de")).toEqual({ title: "Beratung", description: "We talk it through." });
    expect(localizedEventText(type, "ja")).toEqual({
      title: "Consultation",
      description: "We talk it through.",
    });
    expect(localizedEventText(type, null).title).toBe("Consultation");
    expect(localizedEventText({ title: "Call" }, "de")).toEqual({ title: "Call", description: "" });
  });

  it("drops the languages with nothing written", () => {
    expect(
      compactTranslations({ de: { title: "", description: "" }, fr: { title: "", description: "Bonjour" } }),
    ).toEqual({ fr: { title: "", description: "Bonjour" } });
  });
});
