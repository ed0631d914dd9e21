/**
 * The English texts the contract's schemas and the server produce, in the host's language (issue 27).
 * The API answers English (the spec's texts, the public v1 API), and the same zod schemas validate the
 * host's forms; so the host app translates a text where it reaches the screen (a field's error, a
 * form's or toast's message, a stored reason) instead of each form or the server knowing languages.
 *
 * The templates are the app catalogue's `validation` area: its English file holds each text exactly as
 * the code writes it, with `{name}` where the code inserts a value ("Password must be at least {min}
 * characters"). A text is looked up exactly first, then against the templates with values, compiled to
 * patterns once (longest first, so "{label} sign-in failed: {message}" wins over "{field}: {message}");
 * a value that is itself a known text (a field's label, a nested message) is translated too. A text
 * with no template stays as it is. `src/i18n/server-texts.test.ts` fails on a message without one.
 *
 * The booking app never loads the templates (its bundle stays small), so its texts stay as they are.
 */
import { currentLocale, i18n, type MessageId, t } from "./i18n";

/** One English template: its id, its literal parts and the names of the values between them. */
interface Template {
  id: string;
  literals: string[];
  names: string[];
  pattern: RegExp;
}

export interface TextIndex {
  exact: Map<string, string>;
  withValues: Template[];
}

type Part = string | { name: string };

/**
 * A message's parts: raw ICU (`{name}`, `''` and `'{...}'` quoting), as the dev server and tests load it,
 * or Lingui's compiled form (strings and `[name]`), as a production build does (vite.config.ts).
 */
function partsOf(message: unknown): Part[] {
  if (Array.isArray(message))
    return message.map((p) => (typeof p === "string" ? p : { name: String((p as unknown[])[0]) }));
  if (typeof message !== "string") return [];
  const parts: Part[] = [];
  let text = "";
  for (let i = 0; i < message.length; i++) {
    const c = message[i];
    if (c === "'" && message[i + 1] === "'") {
      text += "'";
      i++;
    } else if (c === "'" && message[i + 1] === "{") {
      const end = message.indexOf("'", i + 1);
      text += message.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? message.length : end;
    } else if (c === "{") {
      const end = message.indexOf("}", i);
      if (text) parts.push(text);
      text = "";
      parts.push({ name: message.slice(i + 1, end) });
      i = end;
    } else text += c;
  }
  if (text) parts.push(text);
  return parts;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The English catalogue (src/i18n/app/validation/en.json, raw or compiled) as a lookup. */
export function indexTexts(source: Record<string, unknown>): TextIndex {
  const exact = new Map<string, string>();
  const withValues: Template[] = [];
  for (const [id, message] of Object.entries(source)) {
    if (!id.startsWith("validation.")) continue;
    const parts = partsOf(message);
    const names = parts.flatMap((p) => (typeof p === "string" ? [] : [p.name]));
    if (names.length === 0) {
      exact.set(parts.join(""), id);
      continue;
    }
    const literals = parts.filter((p): p is string => typeof p === "string");
    const pattern = parts.map((p) => (typeof p === "string" ? escapeRegExp(p) : "(.+?)")).join("");
    withValues.push({ id, literals, names, pattern: new RegExp(`^${pattern}$`, "s") });
  }
  // The most literal text first: a specific template beats a general one matching the same text.
  const weight = (tpl: Template) => tpl.literals.join("").length;
  withValues.sort((a, b) => weight(b) - weight(a));
  return { exact, withValues };
}

/** The template `text` was made from, with its values; null when none fits. */
export function findTemplate(
  index: TextIndex,
  text: string,
): { id: string; values: Record<string, string> } | null {
  const id = index.exact.get(text);
  if (id) return { id, values: {} };
  for (const template of index.withValues) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, i) => {
      values[name] = match[i + 1];
    });
    return { id: template.id, values };
  }
  return null;
}

let english: TextIndex | null = null;

/** Hands over the English templates (the host app's language loader, app-language.ts). */
export function learnEnglishTexts(source: Record<string, unknown>): void {
  english = indexTexts(source);
}

/**
 * `text` in the active language when it is one of the contract's or the server's English texts;
 * otherwise (a host's own words, an unknown message, English active) as it is.
 */
export function localizeText(text: string): string {
  if (!english || currentLocale() === "en" || !text) return text;
  return translate(english, text, 0);
}

function translate(index: TextIndex, text: string, depth: number): string {
  const found = findTemplate(index, text);
  if (!found || !(found.id in (i18n.messages ?? {}))) return text;
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(found.values)) {
    // A count says which plural form to use; a nested known text (a label, a reason) is translated.
    values[name] = /^\d+$/.test(value)
      ? Number(value)
      : depth < 2
        ? translate(index, value, depth + 1)
        : value;
  }
  return t(found.id as MessageId, values);
}
