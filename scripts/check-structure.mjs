// Keeps the layout promised in ARCHITECTURE.md ("Structure check") honest, in every CI run:
// 1. files in src/, e2e/, scripts/ and bench/ stay at most 400 lines;
// 2. a server feature folder holds only routes*.ts, service*.ts, repo*.ts, events.ts, plugin.ts (its one
//    registration in buildApp), index.ts, *.test.ts;
//    index.ts is the feature's public door and holds only re-exports (types, and create* factories);
// 3. no file imports another feature's repo*, not even a type (share through contract/ or index.ts);
// 4. no import cycles between features (server and web, each side on its own);
// 5. SQL only in storage files: a feature's repo*.ts and the few modules named in STORAGE below.
// Today's offenders of 1 and 4 are listed in scripts/structure-exceptions.json; the lists may only shrink.
// Dependency-free on purpose: it reads files and matches lines, so it runs in well under a second.
//
// Usage: node scripts/check-structure.mjs [root]   (root defaults to the working directory; tests pass a
// fixture tree)
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? ".");
const exceptionsFile = "scripts/structure-exceptions.json";
const MAX_LINES = 400;
const SCANNED_DIRS = ["src", "e2e", "scripts", "bench"];
// drizzle-kit writes these; nobody edits them by hand, so their length is not a design choice.
const GENERATED = /^src\/server\/db\/migrations\//;
const CODE = /\.(ts|tsx|mjs|js|css|html|json|sql|md)$/;

/**
 * Server modules outside features that hold SQL, by name and why. Storage of the server's own
 * machinery, not of a feature: adding one here is a design decision for review, not a way around the check.
 */
const STORAGE = {
  "src/server/jobs/queue.ts": "the durable job queue's own table (enqueue, cancel, move)",
  "src/server/jobs/runner.ts": "claims due jobs from the queue's table (lock, attempts, finish)",
  "src/server/mail/outbox.ts": "the transactional mail outbox's own table",
  "src/server/lib/rate-limit-store.ts": "the shared rate-limit counters behind @fastify/rate-limit",
};
// The database layer itself and test support (fresh databases) work with SQL by nature; tests may
// set up and inspect rows directly.
const SQL_FREE_OF_RULE = /^src\/server\/(db|testing)\/|\.test\.tsx?$/;

const FEATURE_SIDES = { server: "src/server/features", web: "src/web/features" };
const serverFeatureFile = /^(routes|service|repo)(-[a-z0-9]+)*\.ts$|^(events|plugin|index)\.ts$|\.test\.ts$/;
const repoModule = /^repo(-[a-z0-9]+)*$/;
const repoFile = /^repo(-[a-z0-9]+)*\.ts$/;

const problems = [];
const report = (file, message) => problems.push(`${file}: ${message}`);

const files = SCANNED_DIRS.flatMap((dir) => walk(dir)).filter((f) => CODE.test(f));
const sources = new Map(files.map((f) => [f, fs.readFileSync(path.join(root, f), "utf8")]));
const exceptions = readExceptions();

checkLineCounts();
checkServerFeatureFiles();
const importsByFile = new Map(files.map((f) => [f, importsOf(f)]));
checkRepoImports();
checkFeatureCycles();
checkSqlPlaces();

if (problems.length > 0) {
  console.error(
    `Structure check failed (see "Structure check" in ARCHITECTURE.md):\n  ${problems.join("\n  ")}`,
  );
  process.exit(1);
}
console.log("Structure check passed");

function walk(dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : walk(rel);
    return [rel];
  });
}

function readExceptions() {
  const abs = path.join(root, exceptionsFile);
  const raw = fs.existsSync(abs) ? JSON.parse(fs.readFileSync(abs, "utf8")) : {};
  return { longFiles: raw.longFiles ?? {}, featureCycles: raw.featureCycles ?? {} };
}

function lineCount(source) {
  if (source.length === 0) return 0;
  const breaks = source.split("\n").length - 1;
  return source.endsWith("\n") ? breaks : breaks + 1;
}

// 1. Long files: an exception holds a file at or under its listed length; a file back under the limit
// (or gone) must leave the list, so the list only shrinks. A listed file that got shorter but is still
// long may keep its entry (lowering it is welcome): requiring it would fail merges of unrelated work.
function checkLineCounts() {
  const shrink = `${exceptionsFile} "longFiles" may only shrink`;
  for (const [file, source] of sources) {
    if (GENERATED.test(file)) continue;
    const lines = lineCount(source);
    const allowed = exceptions.longFiles[file];
    if (lines <= MAX_LINES) {
      if (allowed !== undefined)
        report(file, `${lines} lines, under ${MAX_LINES} now: remove it from ${shrink}`);
    } else if (allowed === undefined) {
      report(file, `${lines} lines, more than ${MAX_LINES}: split it by concern`);
    } else if (lines > allowed) {
      report(file, `${lines} lines, listed at ${allowed} in ${shrink}: split it rather than grow it`);
    }
  }
  for (const file of Object.keys(exceptions.longFiles)) {
    if (!sources.has(file)) report(file, `gone: remove it from ${shrink}`);
  }
}

// 2. Server feature folders: the file names DESIGN.md promises, and index.ts as a door only.
function checkServerFeatureFiles() {
  const featuresDir = path.join(root, FEATURE_SIDES.server);
  if (!fs.existsSync(featuresDir)) return;
  for (const feature of fs.readdirSync(featuresDir)) {
    const rel = `${FEATURE_SIDES.server}/${feature}`;
    if (!fs.statSync(path.join(featuresDir, feature)).isDirectory()) {
      report(rel, "only feature folders belong in src/server/features");
      continue;
    }
    for (const file of fs.readdirSync(path.join(featuresDir, feature))) {
      if (!serverFeatureFile.test(file)) {
        report(
          `${rel}/${file}`,
          "feature files are routes*.ts, service*.ts, repo*.ts, events.ts, plugin.ts, index.ts or *.test.ts",
        );
      }
    }
    const index = `${rel}/index.ts`;
    if (sources.has(index)) checkIndex(index, sources.get(index));
  }
}

// A feature's index.ts is what others may import of it besides its routes, services and events:
// re-exported types, and its create* factories. Code there would be a fifth kind of file.
function checkIndex(file, source) {
  const statements = withoutComments(source)
    .split(";")
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  for (const statement of statements) {
    const typeExport = /^export type \{[^}]*\} from "\.\/[^"]+"$/.test(statement);
    const factoryExport = /^export \{ *create\w+( *, *create\w+)* *,? *\} from "\.\/service[^"]*"$/.test(
      statement,
    );
    if (!typeExport && !factoryExport) {
      report(
        file,
        `index.ts holds only "export type {...} from" and "export { create... } from ./service*": ${statement}`,
      );
    }
  }
}

function withoutComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** The relative module specifiers a file imports or re-exports, `import type` and import() included. */
function importsOf(file) {
  const source = sources.get(file);
  if (!/\.(ts|tsx|mjs|js)$/.test(file)) return [];
  const specifiers = [];
  // `import x from "…"`, `import type {…} from "…"`, `export * from "…"`, `import "…"` (not `export const a = "…"`)
  const staticImport = /^\s*(?:import|export)\s(?:[^;"'`]*?\sfrom\s*|\s*)["']([^"'\n]+)["']/gm;
  const dynamicImport = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;
  for (const pattern of [staticImport, dynamicImport]) {
    for (const match of source.matchAll(pattern)) {
      if (match[1].startsWith(".")) specifiers.push(resolve(file, match[1]));
    }
  }
  return specifiers;
}

/** A specifier as a path from the root without extension (".js" in server imports stands for ".ts"). */
function resolve(file, specifier) {
  return path.posix.join(path.posix.dirname(file), specifier).replace(/\.(js|ts|tsx|mjs)$/, "");
}

function featureOf(modulePath) {
  for (const [side, dir] of Object.entries(FEATURE_SIDES)) {
    if (modulePath.startsWith(`${dir}/`)) {
      const [name, ...rest] = modulePath.slice(dir.length + 1).split("/");
      if (rest.length > 0) return { side, name, module: rest.join("/") };
    }
  }
  return undefined;
}

// 3. A feature's repo* is its own: others use its service, events or index.ts. Types count too,
// since a row type shared through a repo ties the other feature to this one's queries.
function checkRepoImports() {
  for (const [file, imports] of importsByFile) {
    const from = featureOf(file);
    for (const target of imports) {
      const to = featureOf(target);
      if (!to || !repoModule.test(path.posix.basename(to.module))) continue;
      if (from && from.side === to.side && from.name === to.name) continue;
      report(
        file,
        `imports ${target} (another feature's repo); share the type through src/contract/ or ${FEATURE_SIDES[to.side]}/${to.name}/index.ts`,
      );
    }
  }
}

// 4. Feature cycles: an edge A -> B when a file of A (tests aside: they may set up data through other
// features) imports one of B. `import type` counts: a type still ties A to B's changes. Every edge that
// lies on a cycle must be listed in structure-exceptions.json "featureCycles"; listed edges that no
// longer close a cycle must leave the list.
function checkFeatureCycles() {
  const shrink = `${exceptionsFile} "featureCycles" may only shrink`;
  for (const side of Object.keys(FEATURE_SIDES)) {
    const edges = new Map(); // "a -> b" -> first file seen
    for (const [file, imports] of importsByFile) {
      const from = featureOf(file);
      if (!from || from.side !== side || /\.test\.tsx?$/.test(file)) continue;
      for (const target of imports) {
        const to = featureOf(target);
        if (!to || to.side !== side || to.name === from.name) continue;
        const edge = `${from.name} -> ${to.name}`;
        if (!edges.has(edge)) edges.set(edge, file);
      }
    }
    const onCycles = edgesOnCycles([...edges.keys()].map((e) => e.split(" -> ")));
    const listed = new Set(exceptions.featureCycles[side] ?? []);
    for (const edge of onCycles) {
      if (!listed.has(edge)) {
        report(
          edges.get(edge),
          `${side} features import each other in a cycle (${edge} closes one): inject a function or move the shared piece`,
        );
      }
    }
    for (const edge of listed) {
      if (!onCycles.includes(edge))
        report(exceptionsFile, `${side} "${edge}" no longer closes a cycle: remove it (${shrink})`);
    }
  }
}

/** The edges inside strongly connected components (Tarjan), i.e. every edge that lies on some cycle. */
function edgesOnCycles(pairs) {
  const next = new Map();
  for (const [a, b] of pairs) {
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a).push(b);
  }
  const index = new Map();
  const low = new Map();
  const component = new Map();
  const stack = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const to of next.get(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (!component.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      let member;
      do {
        member = stack.pop();
        component.set(member, node);
      } while (member !== node);
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return pairs
    .filter(([a, b]) => component.get(a) === component.get(b))
    .map(([a, b]) => `${a} -> ${b}`)
    .sort();
}

// 5. SQL only in storage files. Besides importing drizzle-orm or the database driver, a `sql` template
// or a query written as a string (`.execute(...)`, `.query("...")`) is SQL. In features, lib, mail and
// jobs any `.execute(` or `.query(` call counts; elsewhere (e.g. the Google client's freebusy.query) only
// one given a string or a sql template.
function checkSqlPlaces() {
  const dbClient =
    /^\s*import\s+(?!type\b)[^;]*?from\s+["'](\.\.?\/)+(db\/client|server\/db\/client)(\.js)?["']/m;
  const driver =
    /^\s*import\s+(?!type\b)[^;]*?from\s+["'](drizzle-orm(\/[^"']*)?|pg|@electric-sql\/pglite)["']/m;
  const sqlTemplate = /\bsql(\.raw)?\s*(`|\()/;
  const anyQueryCall = /\.(execute|query)\s*(<[^>()]*>)?\(/;
  const literalQueryCall = /\.(execute|query)\s*(<[^>()]*>)?\(\s*(sql\s*`|[`"'])/;
  const strict = /^src\/server\/(features|lib|mail|jobs)\//;
  for (const [file, source] of sources) {
    if (!file.startsWith("src/server/") || !/\.tsx?$/.test(file) || SQL_FREE_OF_RULE.test(file)) continue;
    if (
      STORAGE[file] ||
      (file.startsWith(`${FEATURE_SIDES.server}/`) && repoFile.test(path.posix.basename(file)))
    ) {
      continue;
    }
    const where = file.startsWith(`${FEATURE_SIDES.server}/`)
      ? "a feature's repo*.ts"
      : "a storage module (STORAGE in scripts/check-structure.mjs)";
    const imports = withoutComments(source);
    if (driver.test(imports) || (file.startsWith(`${FEATURE_SIDES.server}/`) && dbClient.test(imports))) {
      report(
        file,
        `only ${where} may import the database client, drizzle-orm or a driver (type imports are fine)`,
      );
    }
    const queryCall = strict.test(file) ? anyQueryCall : literalQueryCall;
    source.split("\n").forEach((line, i) => {
      const code = line.trim();
      if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return;
      if (sqlTemplate.test(code) || queryCall.test(code))
        report(`${file}:${i + 1}`, `SQL belongs in ${where}: ${code}`);
    });
  }
}
