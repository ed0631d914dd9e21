/**
 * The English texts the API answers with and the host reads (issue 27): the messages of the contract's
 * zod schemas, of the server's `AppError`s, of a webhook subscription's switch-off and of a contacts
 * import's per-row reasons. Found in the source with Babel's parser, so that
 * `src/i18n/server-texts.test.ts` can hold them against the host app's catalogue of them
 * (`src/i18n/app/validation/en.json`): a new message without a template there fails CI.
 *
 * A text is its literal parts around `{}` for each `${...}` of a template literal.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

export interface FoundText {
  /** The literal parts joined by `{}` where the code inserts a value. */
  text: string;
  where: string;
  /** A name for each inserted value, from its expression (`${PASSWORD_MIN}`: "passwordMin"). */
  names: string[];
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** zod checks whose string or `{ message }` arguments are messages. */
const CHECKS = new Set([
  "min",
  "max",
  "length",
  "regex",
  "email",
  "url",
  "int",
  "gte",
  "lte",
  "gt",
  "lt",
  "positive",
  "nonnegative",
  "nonempty",
  "refine",
  "startsWith",
  "endsWith",
  "includes",
  "uuid",
  "multipleOf",
]);
/** The server's error helpers (lib/errors.ts and a feature's own) and the index of their message. */
const ERROR_HELPERS: Record<string, number> = {
  AppError: 1,
  badRequest: 0,
  conflict: 0,
  notFound: 0,
  unauthorized: 0,
  providerUnavailable: 0,
  forbidden: 0,
};

function calleeName(node: Node): string | null {
  const callee = node.callee as Node;
  if (callee.type === "Identifier") return callee.name as string;
  if (callee.type === "MemberExpression" && (callee.property as Node).type === "Identifier")
    return (callee.property as Node).name as string;
  return null;
}

/** Every file's top-level `const NAME = "text"`, so a message kept in a constant is found where it is used. */
function constantsOf(asts: Node[]): Map<string, Node> {
  const constants = new Map<string, Node>();
  const visit = (node: Node) => {
    if (node.type === "VariableDeclarator" && (node.id as Node).type === "Identifier" && isNode(node.init)) {
      const init = node.init as Node;
      if (init.type === "StringLiteral" || init.type === "TemplateLiteral")
        constants.set((node.id as Node).name as string, init);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key.endsWith("Comments")) continue;
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
    }
  };
  for (const ast of asts) visit(ast);
  return constants;
}

/** The last name in an inserted expression (`state.max` is "max", `PASSWORD_MIN` "passwordMin"). */
function valueName(node: Node): string {
  const names: string[] = [];
  const visit = (n: Node) => {
    if (n.type === "Identifier") names.push(n.name as string);
    for (const [key, value] of Object.entries(n)) {
      if (key === "loc" || key.endsWith("Comments")) continue;
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
    }
  };
  visit(node);
  const last =
    names.filter((n) => !["toLocaleString", "slice", "length", "String"].includes(n)).at(-1) ?? "value";
  return /^[A-Z0-9_]+$/.test(last)
    ? last.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    : last;
}

function parseFile(file: string): Node {
  return parse(fs.readFileSync(file, "utf8"), { sourceType: "module", plugins: ["typescript"] })
    .program as unknown as Node;
}

function sourceFiles(dir: string, recursive: boolean): string[] {
  return fs
    .readdirSync(dir, { recursive, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * The messages of the contract (`src/contract/*.ts`) and the server (`src/server`), found under `root`
 * (the repository's `src`).
 */
export function englishTexts(root: string): FoundText[] {
  const contract = sourceFiles(path.join(root, "contract"), false);
  const server = sourceFiles(path.join(root, "server"), true);
  const asts = new Map([...contract, ...server].map((file) => [file, parseFile(file)]));
  const constants = constantsOf([...asts.values()]);
  const found: FoundText[] = [];

  for (const [file, ast] of asts) {
    const where = (node: Node) => `${path.relative(root, file)}:${node.loc?.start.line}`;
    const inContract = contract.includes(file);
    /** A message expression: a literal, a template, a named constant, either side of `?:`, an arrow's result. */
    const message = (node: unknown, seen = new Set<string>()): void => {
      if (!isNode(node)) return;
      if (node.type === "StringLiteral")
        found.push({ text: node.value as string, where: where(node), names: [] });
      else if (node.type === "TemplateLiteral")
        found.push({
          text: (node.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked).join("{}"),
          where: where(node),
          names: (node.expressions as Node[]).map(valueName),
        });
      else if (node.type === "Identifier" && !seen.has(node.name as string)) {
        seen.add(node.name as string);
        message(constants.get(node.name as string), seen);
      } else if (node.type === "ConditionalExpression") {
        message(node.consequent, seen);
        message(node.alternate, seen);
      } else if (node.type === "LogicalExpression") message(node.right, seen);
      else if (node.type === "ArrowFunctionExpression") message(node.body, seen);
    };
    /** `{ message: ... }` / `{ error: ... }` given to a check. */
    const messageOptions = (node: unknown) => {
      if (!isNode(node) || node.type !== "ObjectExpression") return;
      for (const p of node.properties as Node[]) {
        const key = (p.key as Node | undefined)?.name;
        if (p.type === "ObjectProperty" && (key === "message" || key === "error")) message(p.value);
      }
    };
    /** The values of a per-field errors object ({ field: "message" }). */
    const fieldErrors = (node: unknown) => {
      if (!isNode(node) || node.type !== "ObjectExpression") return;
      for (const p of node.properties as Node[]) if (p.type === "ObjectProperty") message(p.value);
    };

    const visit = (node: Node) => {
      if (node.type === "CallExpression" || node.type === "NewExpression") {
        const name = calleeName(node);
        const args = node.arguments as Node[];
        if (inContract && name && CHECKS.has(name)) {
          for (const arg of args) {
            if (arg.type === "StringLiteral" || arg.type === "TemplateLiteral") message(arg);
            messageOptions(arg);
          }
        }
        if (inContract && (name === "string" || name === "number" || name === "enum" || name === "email"))
          for (const arg of args) messageOptions(arg);
        if (name === "addIssue") messageOptions(args[0]);
        if (!inContract && name && name in ERROR_HELPERS) {
          const at = ERROR_HELPERS[name];
          message(args[at]);
          fieldErrors(args[at + 1]);
        }
        // A webhook subscription's switch-off reason, stored and shown to its host.
        if (!inContract && name === "countFailure") message(args[2]);
      }
      // The contract's own sentences for zod's checks (messages.ts) and the username's (usernames.ts).
      if (inContract && node.type === "ReturnStatement" && /(messages|usernames)\.ts$/.test(file))
        message(node.argument);
      // The 400, 409, 413... answers the error handler writes itself.
      if (
        file.endsWith("error-handler.ts") &&
        node.type === "ObjectProperty" &&
        (node.key as Node | undefined)?.name === "message"
      )
        message(node.value);
      if (file.endsWith("error-handler.ts") && node.type === "ArrayExpression")
        for (const element of node.elements as Node[])
          if (element?.type === "StringLiteral" && / /.test(element.value as string)) message(element);
      // A contacts import's per-row reasons, stored in its report.
      if (
        !inContract &&
        file.includes(`${path.sep}contacts${path.sep}`) &&
        node.type === "ObjectProperty" &&
        (node.key as Node | undefined)?.name === "reason"
      )
        message(node.value);
      if (
        !inContract &&
        file.endsWith(`contacts${path.sep}service-csv.ts`) &&
        node.type === "AssignmentExpression"
      )
        if ((node.left as Node).type === "Identifier" && (node.left as Node).name === "stopped")
          message(node.right);
      for (const [key, value] of Object.entries(node)) {
        if (key === "loc" || key.endsWith("Comments")) continue;
        for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
      }
    };
    visit(ast);
  }
  // Sentences only: codes, ids, slugs ("{}-cal") and empty strings are not texts a host reads; "{}: {}"
  // is the 400's "field: message".
  return found.filter(
    (f) => (/[A-Za-z]{2,}/.test(f.text) && /^([A-Z"]|\{\} )/.test(f.text)) || f.text === "{}: {}",
  );
}
