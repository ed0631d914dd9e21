/**
 * Every English text the contract's schemas and the server answer with, and that a host may read, has a
 * template in the host app's catalogue (src/i18n/app/validation/en.json), so the host reads it in their
 * language (web/lib/server-text.ts); and every template is still a text the code produces (or a label the
 * code passes into one), so none goes stale. The texts are found by scripts/lib/english-texts.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { englishTexts, type FoundText } from "../../scripts/lib/english-texts";
import { findTemplate, indexTexts } from "../web/lib/server-text";
import english from "./app/validation/en.json";

const src = path.resolve(import.meta.dirname, "..");
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A text of the code as a pattern: `{}` (an inserted value) stands for anything. */
const patternOf = (text: string) => new RegExp(`^${text.split("{}").map(escapeRegExp).join(".*")}$`, "s");

/** The code's texts that no template covers: a literal must be found as the app finds it at run time, a
 * template with values must have an entry that reads like it (its `{name}`s where the code inserts). */
function uncovered(found: FoundText[], catalogue: Record<string, string>): string[] {
  const index = indexTexts(catalogue);
  const entries = Object.values(catalogue);
  return found
    .filter((f) =>
      f.text.includes("{}")
        ? !entries.some((e) => patternOf(f.text).test(e))
        : findTemplate(index, f.text) === null,
    )
    .map((f) => `${f.where} ${JSON.stringify(f.text)}`);
}

function sources(dir: string): string {
  return fs
    .readdirSync(path.join(src, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), "utf8"))
    .join("\n");
}

describe("the API's English texts and the host app's templates of them", () => {
  const found = englishTexts(src);

  it("finds the texts of the contract, the error helpers, webhooks and the contacts import", () => {
    const texts = found.map((f) => f.text);
    expect(texts).toContain("Team name is required");
    expect(texts).toContain("Password must be at least {} characters");
    expect(texts).toContain("{} must be a number");
    expect(texts).toContain("An account with this email already exists");
    expect(texts).toContain("Switched off after {} failed deliveries in a row");
    expect(texts).toContain("Row has {} fields; the header has {}");
  });

  it("has a template for every one of them", () => {
    expect(uncovered(found, english)).toEqual([]);
  });

  it("reports a text without a template (the check can fail)", () => {
    const invented = { text: "Frobnicate the widget first", where: "x.ts:1", names: [] };
    const template = { text: "At most {} widgets", where: "x.ts:2", names: ["max"] };
    expect(uncovered([invented, template], english)).toEqual([
      'x.ts:1 "Frobnicate the widget first"',
      'x.ts:2 "At most {} widgets"',
    ]);
    expect(uncovered([invented], { ...english, "validation.frobnicate": invented.text })).toEqual([]);
  });

  it("keeps no template the code no longer produces (a label the code passes in counts)", () => {
    const code = `${sources("contract")}\n${sources("server")}`;
    // A template as the code would write it: ICU's quoting undone, each `{name}` a `{}`.
    const asCode = (message: string) =>
      message
        .replace(/'(\{[^']*)'/g, "$1")
        .replace(/''/g, "'")
        .replace(/\{\w+\}/g, "{}");
    // "{}: {}" (the 400's "field: message") would match any sentence with a colon: only its own entry.
    const specific = found.filter((f) => /[A-Za-z]/.test(f.text.replace(/\{\}/g, "")));
    const stale = Object.entries(english as Record<string, string>).filter(
      ([, message]) =>
        !found.some((f) => f.text === asCode(message)) &&
        !specific.some((f) => patternOf(f.text).test(message)) &&
        !code.includes(JSON.stringify(message)),
    );
    expect(stale).toEqual([]);
  });
});
