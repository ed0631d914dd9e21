import fs from "node:fs";
import path from "node:path";

/**
 * What each page of the build makes a cold browser download before it can run: the scripts, module
 * preloads and stylesheets its HTML names, with every module they import statically, counted as the
 * server sends them (the precompressed .br, else .gz, else the file). Lazy route chunks are listed
 * apart: the host app loads one family of them per screen. Printed by `vite build` (issue 30 item 5);
 * the budgets are printed beside the figures, never enforced: a size is a figure, not a test.
 */
export interface EntrySize {
  page: string;
  jsBytes: number;
  cssBytes: number;
  files: number;
}

const STATIC_IMPORT = /(?:import|from)\s*["']\.\/([^"']+\.js)["']/g;

function sentBytes(file: string): number {
  for (const suffix of [".br", ".gz", ""]) {
    if (fs.existsSync(file + suffix)) return fs.statSync(file + suffix).size;
  }
  return 0;
}

/** The file and every module it imports statically (transitively), as paths relative to the assets folder. */
function staticClosure(assets: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const name = todo.pop() as string;
    if (seen.has(name) || !fs.existsSync(path.join(assets, name))) continue;
    seen.add(name);
    const text = fs.readFileSync(path.join(assets, name), "utf8");
    for (const match of text.matchAll(STATIC_IMPORT)) todo.push(match[1]);
  }
  return seen;
}

export function entrySizes(webDir: string): EntrySize[] {
  const assets = path.join(webDir, "assets");
  return fs
    .readdirSync(webDir)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((page) => {
      const html = fs.readFileSync(path.join(webDir, page), "utf8");
      const named = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]);
      const scripts = staticClosure(
        assets,
        named.filter((n) => n.endsWith(".js")),
      );
      const styles = named.filter((n) => n.endsWith(".css"));
      const sum = (names: Iterable<string>) =>
        [...names].reduce((total, n) => total + sentBytes(path.join(assets, n)), 0);
      return {
        page,
        jsBytes: sum(scripts),
        cssBytes: sum(styles) + sentBytes(path.join(webDir, page)),
        files: scripts.size + styles.length + 1,
      };
    });
}

/** The page's budget of bytes before it runs (JS + CSS + HTML, compressed), from the issues that set them. */
const BUDGETS: Record<string, { bytes: number; why: string }> = {
  "index.html": {
    bytes: 350 * 1024,
    why: "host app: whole first load incl. the first screen, fonts and data",
  },
  "book.html": { bytes: 80 * 1024, why: "public booking app (issue 4)" },
};

/** Each host screen's own JS (a lazy `<Name>Page-<hash>.js` and its imports) beyond what index.html loaded already. */
export function screenSizes(webDir: string): { screen: string; jsBytes: number }[] {
  const assets = path.join(webDir, "assets");
  const html = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  const entry = staticClosure(
    assets,
    [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]),
  );
  // The screens are what the host app's router imports lazily (the public app's pages are not among them).
  const lazy = new Set<string>();
  for (const name of entry) {
    const text = fs.readFileSync(path.join(assets, name), "utf8");
    for (const m of text.matchAll(/import\(\s*["'`]\.\/([A-Z]\w*Page-[\w-]+\.js)["'`]\s*\)/g)) lazy.add(m[1]);
  }
  return [...lazy]
    .map((f) => {
      const own = [...staticClosure(assets, [f])].filter((n) => !entry.has(n));
      return {
        screen: f.replace(/-[\w-]+\.js$/, ""),
        jsBytes: own.reduce((t, n) => t + sentBytes(path.join(assets, n)), 0),
      };
    })
    .sort((a, b) => b.jsBytes - a.jsBytes);
}

export function printEntrySizes(webDir: string, log: (line: string) => void = console.log): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  log("\nentry sizes (as sent: brotli where precompressed)");
  for (const e of entrySizes(webDir)) {
    const budget = BUDGETS[e.page];
    const note = budget ? `   budget ${kb(budget.bytes)}: ${budget.why}` : "";
    log(
      `  ${e.page.padEnd(12)} JS ${kb(e.jsBytes).padStart(9)}  CSS+HTML ${kb(e.cssBytes).padStart(8)}  ${e.files} files${note}`,
    );
  }
  if (!fs.existsSync(path.join(webDir, "index.html"))) return;
  const screens = screenSizes(webDir);
  log(
    `  host screens, JS beyond index.html: ${screens.map((s) => `${s.screen} ${kb(s.jsBytes)}`).join(", ")}`,
  );
}
