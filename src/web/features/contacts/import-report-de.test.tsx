// @vitest-environment happy-dom
/**
 * A German host reads a contacts import's per-row reasons in German (issue 27): the server stores and
 * answers them in English (web/lib/server-text.ts translates them, nested messages too).
 */
import { fireEvent, screen } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import de from "../../../i18n/app/contacts/de.json";
import { loadAppLanguage } from "../../lib/app-language";
import { fakeApi, ok, renderScreen, testUser } from "../../testing/render";
import { ImportDialog } from "./ImportDialog";

beforeAll(() => loadAppLanguage("de"));
afterAll(() => loadAppLanguage("en"));

describe("the contacts import report for a German host", () => {
  it("shows each row's reason in German, a nested message and the counts too", async () => {
    localStorage.setItem("auth_token", "t");
    fakeApi({
      "GET /auth/me": () => ok({ user: testUser }),
      "POST /contacts/import": () =>
        ok({
          created: 1,
          updated: 0,
          failed: 3,
          failures: [
            { row: 2, email: null, reason: "Email is required" },
            { row: 3, email: "x", reason: "Invalid email: Enter a valid email address" },
            { row: 4, email: null, reason: "Row has 3 fields; the header has 5" },
          ],
          duplicates: [],
        }),
    });
    renderScreen(<ImportDialog open onClose={() => {}} onImported={() => {}} />);
    const input = (await screen.findByLabelText(de["contacts.import.csvFile"])) as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(["email\nx\n"], "contacts.csv", { type: "text/csv" })] },
    });
    fireEvent.click(screen.getByRole("button", { name: de["contacts.import"] }));
    expect(await screen.findByText("E-Mail-Adresse ist erforderlich")).toBeTruthy();
    expect(
      screen.getByText("x: Ungültige E-Mail-Adresse: Geben Sie eine gültige E-Mail-Adresse ein"),
    ).toBeTruthy();
    expect(screen.getByText("Die Zeile hat 3 Felder; die Kopfzeile hat 5")).toBeTruthy();
    expect(screen.queryByText("Email is required")).toBeNull();
  });
});
