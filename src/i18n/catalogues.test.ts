/**
 * The catalogues' checks (issue 27): every locale has exactly English's keys, every message is valid
 * ICU with the same placeholders as the English one, and every key is used by the code (so a text
 * removed from a component leaves no stale translation behind, and a key typo fails here or in tsc).
 */
import fs from "node:fs";
import path from "node:path";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../contract/languages";

const root = path.resolve(import.meta.dirname, "..");
/** Each family and where its ids are used: the invitees' pages, mails, and each area of the host app. */
const APP_AREAS = fs.readdirSync(path.join(root, "i18n", "app")).sort();
const FAMILIES: Record<string, readonly string[]> = {
  web: ["web"],
  mail: ["server/mail", "server/features"],
  ...Object.fromEntries(APP_AREAS.map((area) => [`app/${area}`, ["web"]])),
};

const catalogue = (family: string, locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(root, "i18n", family, `${locale}.json`), "utf8"));

/** The argument names of an ICU message ({name}, {count, plural, ...}), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(token.arg);
      if (token.type === "plural" || token.type === "select") {
        names.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

function sourcesUnder(dir: string): string {
  const abs = path.join(root, dir);
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), "utf8"))
    .join("\n");
}

for (const [family, dirs] of Object.entries(FAMILIES)) {
  describe(`the ${family} catalogues`, () => {
    const en = catalogue(family, "en");
    const ids = Object.keys(en);

    it.each(LOCALES.filter((l) => l !== "en"))("%s has every English key and no other", (locale) => {
      const keys = Object.keys(catalogue(family, locale));
      expect(
        ids.filter((id) => !keys.includes(id)),
        "missing",
      ).toEqual([]);
      expect(
        keys.filter((id) => !ids.includes(id)),
        "unknown",
      ).toEqual([]);
    });

    it.each(LOCALES)("%s: every message is ICU with English's placeholders, and translated", (locale) => {
      const messages = catalogue(family, locale);
      for (const id of ids) {
        const message = messages[id] ?? "";
        expect(message.trim(), `${locale} ${id} is empty`).not.toBe("");
        expect(argumentsOf(message), `${locale} ${id}`).toEqual(argumentsOf(en[id]));
      }
    });

    if (family.startsWith("app/")) {
      it("prefixes every id with its area", () => {
        const area = family.slice("app/".length);
        expect(ids.filter((id) => !id.startsWith(`${area}.`))).toEqual([]);
      });
    }

    // The validation area's ids are found by their English text, not named in code: server-texts.test.ts
    // checks that each of its templates is a text the contract or the server still produces.
    if (family === "app/validation") return;

    it("uses every key in the code (a quoted id, or a template that starts with its prefix)", () => {
      const code = dirs.map(sourcesUnder).join("\n");
      const templates = [...code.matchAll(/`([a-z]+\.)\$\{/gi)].map((m) => m[1]);
      const unused = ids.filter(
        (id) => !code.includes(`"${id}"`) && !templates.some((p) => id.startsWith(p)),
      );
      expect(unused).toEqual([]);
    });
  });
}
