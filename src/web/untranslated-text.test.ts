/**
 * No hard-coded English in the app's screens (issue 27): every text a user reads goes through `t`.
 * Parses each component (Babel's parser) and fails on JSX text with a Latin word, on a string literal
 * given to a prop people read (aria-label, placeholder, title, label, hint, description, alt), and on a
 * string literal shown by `toast`. Brand and product names (Kairos, Google, Zoom...) may stay as they are.
 * Parts not yet translated are listed in PENDING; translating a part removes it from the list.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";
import { describe, expect, it } from "vitest";

const web = path.resolve(import.meta.dirname);

/** Folders and files of src/web not yet translated: the host app's remaining areas, and legal texts. */
const PENDING = [
  // The terms and privacy policy are legal texts, kept in the English they were written in.
  "features/legal",
  "embed",
];

const READ_PROPS = new Set(["aria-label", "placeholder", "title", "label", "hint", "description", "alt"]);
/** Names that read the same in every language. */
const NAMES =
  /^(Kairos|Google( Meet| Calendar)?|Zoom|Microsoft Teams|Outlook(\.com)?|Apple|iCloud|CalDAV|Webex|WhatsApp|SMS|API|OK|URL|ICS|CSV|UTC|am|pm)$/;

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** The literal text of a string node ("x" or `x` without substitutions), else null. */
function literal(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === "StringLiteral") return node.value as string;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0) {
    return ((node.quasis as Node[])[0].value as { cooked: string }).cooked;
  }
  if (node.type === "JSXExpressionContainer") return literal(node.expression);
  return null;
}

function untranslated(file: string): string[] {
  const ast = parse(fs.readFileSync(file, "utf8"), { sourceType: "module", plugins: ["jsx", "typescript"] });
  const found: string[] = [];
  const report = (node: Node, text: string) => {
    const words = text.trim();
    if (!/[A-Za-z]{2,}/.test(words) || NAMES.test(words)) return;
    found.push(`${path.relative(web, file)}:${node.loc?.start.line} ${JSON.stringify(words.slice(0, 60))}`);
  };
  const visit = (node: Node) => {
    if (node.type === "JSXText") report(node, node.value as string);
    if (node.type === "JSXAttribute" && READ_PROPS.has((node.name as Node).name as string)) {
      const text = literal(node.value);
      if (text !== null) report(node, text);
    }
    if (node.type === "CallExpression") {
      const callee = node.callee as Node;
      const name =
        callee.type === "Identifier"
          ? callee.name
          : callee.type === "MemberExpression"
            ? (callee.object as Node).name
            : null;
      const text = literal((node.arguments as unknown[])[0]);
      if (name === "toast" && text !== null) report(node, text);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "leadingComments" || key === "trailingComments") continue;
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
    }
  };
  visit(ast.program as unknown as Node);
  return found;
}

function components(): string[] {
  return fs
    .readdirSync(web, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".tsx") && !/\.test\.tsx$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((file) => !file.includes(`${path.sep}testing${path.sep}`))
    .filter((file) => {
      const rel = path.relative(web, file).split(path.sep).join("/");
      return !PENDING.some((p) => rel === p || rel.startsWith(`${p}/`));
    });
}

describe("the app's screens", () => {
  it("show no English that skipped the catalogues", () => {
    expect(components().flatMap(untranslated)).toEqual([]);
  });

  it("would notice English in a component (the check can fail)", () => {
    const probe = path.join(web, "testing", "untranslated-probe.tsx");
    fs.writeFileSync(probe, 'export const P = () => <p aria-label="Close">Hello there</p>;\n');
    try {
      expect(untranslated(probe)).toHaveLength(2);
    } finally {
      fs.rmSync(probe);
    }
  });
});
