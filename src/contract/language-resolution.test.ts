import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, resolveLanguage } from "./language-resolution";
import { matchLocale, prefersHour24 } from "./languages";

describe("a page's language (issue 27)", () => {
  it("takes ?lang=, then the event type's, then the host's, then Accept-Language, then English", () => {
    const all = { query: "ja", eventType: "fr", host: "de", acceptLanguage: "es-ES,es;q=0.9" };
    expect(resolveLanguage(all)).toBe("ja");
    expect(resolveLanguage({ ...all, query: null })).toBe("fr");
    expect(resolveLanguage({ ...all, query: "xx", eventType: null })).toBe("de");
    expect(resolveLanguage({ ...all, query: null, eventType: null, host: null })).toBe("es");
    expect(resolveLanguage({ acceptLanguage: "sv-SE,fi;q=0.8" })).toBe("en");
    expect(resolveLanguage({})).toBe("en");
  });

  it("reads Accept-Language by weight and matches regions to the language we have", () => {
    expect(fromAcceptLanguage("sv;q=0.9, ar-EG;q=0.5, de-AT;q=0.7")).toBe("de");
    expect(fromAcceptLanguage("pt-PT")).toBe("pt-BR");
    expect(fromAcceptLanguage("en;q=0, hi")).toBe("hi");
    expect(fromAcceptLanguage("*")).toBeNull();
    expect(matchLocale("PT-br")).toBe("pt-BR");
    expect(matchLocale("<script>")).toBeNull();
  });

  it("defaults the clock from the locale: 24-hour in German and Japanese, 12-hour in English", () => {
    expect(prefersHour24("de")).toBe(true);
    expect(prefersHour24("ja")).toBe(true);
    expect(prefersHour24("en")).toBe(false);
  });
});
