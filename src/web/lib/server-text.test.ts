// @vitest-environment happy-dom
/**
 * The API's English texts in the host's language (server-text.ts): found exactly or by their template,
 * values kept (and translated when they are known texts themselves), unknown texts as they are.
 */
import { afterAll, describe, expect, it } from "vitest";
import english from "../../i18n/app/validation/en.json";
import { ApiError, errorMessage } from "./api";
import { loadAppLanguage } from "./app-language";
import { findTemplate, indexTexts, localizeText } from "./server-text";

afterAll(() => loadAppLanguage("en"));

describe("finding a text's template", () => {
  const index = indexTexts(english);

  it("finds a text without values exactly", () => {
    expect(findTemplate(index, "Team name is required")).toEqual({
      id: "validation.teamNameIsRequired",
      values: {},
    });
  });

  it("finds a text with values by its template, with the values", () => {
    expect(findTemplate(index, "Password must be at least 8 characters")).toEqual({
      id: "validation.passwordMustBeAtLeastCharacters",
      values: { min: "8" },
    });
    expect(findTemplate(index, "Google sign-in failed: the state did not match")).toEqual({
      id: "validation.signInFailed",
      values: { label: "Google", message: "the state did not match" },
    });
  });

  it("prefers the most specific template", () => {
    // "{field}: {message}" would match too; the Google one says more.
    expect(findTemplate(index, "Failed to connect Google account: quota")?.id).toBe(
      "validation.failedToConnectGoogleAccount",
    );
    expect(findTemplate(index, "name: Name is required")).toEqual({
      id: "validation.fieldMessage",
      values: { field: "name", message: "Name is required" },
    });
  });

  it("finds nothing for a text it does not know", () => {
    expect(findTemplate(index, "Frobnicate the widget first")).toBeNull();
  });

  it("reads a build's compiled catalogue the same as the raw one", () => {
    const compiled = indexTexts({
      __precompiled: 1,
      "validation.passwordMustBeAtLeastCharacters": ["Password must be at least ", ["min"], " characters"],
      "validation.sendACsvFileInTheMultipart": [
        "Send a CSV file in the multipart field 'file', or JSON {contacts: [...]}",
      ],
    });
    expect(findTemplate(compiled, "Password must be at least 10 characters")?.values).toEqual({ min: "10" });
    expect(
      findTemplate(
        indexTexts(english),
        "Send a CSV file in the multipart field 'file', or JSON {contacts: [...]}",
      )?.id,
    ).toBe("validation.sendACsvFileInTheMultipart");
  });
});

describe("localizeText", () => {
  it("leaves English as it is", async () => {
    await loadAppLanguage("en");
    expect(localizeText("Team name is required")).toBe("Team name is required");
  });

  it("speaks German: exact, with a plural value, with a translated label, and unknown as it is", async () => {
    await loadAppLanguage("de");
    expect(localizeText("Team name is required")).toBe("Teamname ist erforderlich");
    expect(localizeText("Password must be at least 8 characters")).toBe(
      "Das Passwort muss mindestens 8 Zeichen lang sein",
    );
    expect(localizeText("At most 1 guests")).toBe("Höchstens 1 Gast");
    expect(localizeText("At most 4 guests")).toBe("Höchstens 4 Gäste");
    expect(localizeText("Minimum notice must be a number")).toBe("Mindestvorlauf muss eine Zahl sein");
    expect(localizeText("Invalid email: Enter a valid email address")).toBe(
      "Ungültige E-Mail-Adresse: Geben Sie eine gültige E-Mail-Adresse ein",
    );
    expect(localizeText("Kennenlerngespräch")).toBe("Kennenlerngespräch");
    // A failed call's message reaches the screen through errorMessage; with none, its own fallback.
    expect(errorMessage(new ApiError(409, "Team name is required"))).toBe("Teamname ist erforderlich");
    expect(errorMessage(new Error("API call failed"))).toBe("Ein unerwarteter Fehler ist aufgetreten");
  });

  it("speaks Arabic", async () => {
    await loadAppLanguage("ar");
    expect(localizeText("Team name is required")).toBe("اسم الفريق مطلوب");
    expect(localizeText("This field is required")).toBe("هذا الحقل مطلوب");
    expect(localizeText("Minimum notice must be a number")).toBe(
      "الحد الأدنى للإشعار المسبق: يجب أن تكون القيمة رقمًا",
    );
    expect(localizeText("Use at most 100 characters")).toBe("استخدم 100 حرفًا كحد أقصى");
  });
});
