/**
 * The host app loads its words by area (lib/app-areas.ts): the first chunk's code must speak only
 * BASE_AREAS, and each lazy route must declare every area its screen's modules (and the modules they
 * import, eagerly or lazily) use. A missing area would show raw ids on that screen.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_AREAS, type AppArea, BASE_AREAS, SERVER_TEXTS_AREA } from "./lib/app-areas";

const WEB = path.resolve(import.meta.dirname);
const ROUTER = path.join(WEB, "router.tsx");
/** The areas a route loads; the server texts' area comes with the language instead (app-language.ts). */
const AREA_SET = new Set<string>(APP_AREAS.filter((area) => area !== SERVER_TEXTS_AREA));

const sourceCache = new Map<string, string>();
const read = (file: string) => {
  let text = sourceCache.get(file);
  if (text === undefined) {
    text = fs.readFileSync(file, "utf8");
    sourceCache.set(file, text);
  }
  return text;
};

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** A module's imports: static ones, and dynamic ones (`import("...")`) apart. */
function importsOf(file: string): { eager: string[]; lazy: string[] } {
  const text = read(file).replace(/^\s*import type .*$/gm, "");
  const eager = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*"([^"]+)"/g)].map((m) => m[1]);
  const sideEffect = [...text.matchAll(/(?:^|\n)\s*import\s*"([^"]+)"/g)].map((m) => m[1]);
  const lazy = [...text.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]);
  const resolve = (specs: (string | undefined)[]) =>
    specs.flatMap((spec) => (spec ? [resolveImport(file, spec)].filter((f): f is string => f !== null) : []));
  return { eager: resolve([...eager, ...sideEffect]), lazy: resolve(lazy) };
}

/** The areas whose ids a module names: "meetings.list.title", or a template's `meetings.status.${s}`. */
function areasOf(file: string): Set<string> {
  const found = new Set<string>();
  for (const match of read(file).matchAll(/["'`]([a-zA-Z]+)\.[a-zA-Z0-9_.]*(?:\$\{|["'`])/g)) {
    if (match[1] && AREA_SET.has(match[1])) found.add(match[1]);
  }
  return found;
}

/** Every module reachable from `roots`; `followLazy` also walks dynamic imports. */
function reachable(roots: string[], followLazy: boolean, stopAt: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || stopAt.has(file)) continue;
    seen.add(file);
    const { eager, lazy } = importsOf(file);
    queue.push(...eager, ...(followLazy ? lazy : []));
  }
  return seen;
}

const union = (files: Iterable<string>) => {
  const areas = new Set<string>();
  for (const file of files) for (const area of areasOf(file)) areas.add(area);
  return areas;
};

interface Route {
  module: string;
  declared: string[];
}

/** The router's `lazyPage([areas], () => import("./page"))` declarations. */
function routesOf(routerText: string): Route[] {
  return [...routerText.matchAll(/lazyPage\(\s*\[([^\]]*)\],\s*\(\)\s*=>\s*import\("([^"]+)"\)/g)].map(
    (m) => ({
      declared: [...(m[1] ?? "").matchAll(/"([a-zA-Z]+)"/g)].map((a) => a[1] as string),
      module: resolveImport(ROUTER, m[2] as string) ?? `missing ${m[2]}`,
    }),
  );
}

/** What each route lacks: the areas its screen's modules use beyond BASE_AREAS and its declaration. */
function missingAreas(routes: Route[], base: readonly string[]): Record<string, string[]> {
  const eagerApp = reachable([path.join(WEB, "main.tsx")], false);
  const missing: Record<string, string[]> = {};
  const baseUse = [...union(eagerApp)].filter((area) => !base.includes(area));
  if (baseUse.length > 0) missing["main.tsx (first chunk)"] = baseUse.sort();
  for (const route of routes) {
    const modules = reachable([route.module], true, eagerApp);
    const lacking = [...union(modules)].filter(
      (area) => !base.includes(area) && !route.declared.includes(area),
    );
    if (lacking.length > 0) missing[path.relative(WEB, route.module)] = lacking.sort();
  }
  return missing;
}

describe("the host app's words by area", () => {
  const routes = routesOf(read(ROUTER));

  it("declares, for the first chunk and every lazy route, each area its screens speak", () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) expect(route.module).not.toMatch(/^missing/);
    for (const route of routes)
      for (const area of route.declared) expect(AREA_SET).toContain(area as AppArea);
    expect(missingAreas(routes, BASE_AREAS)).toEqual({});
  });

  it("lists every area folder of src/i18n/app", () => {
    const folders = fs.readdirSync(path.resolve(WEB, "../i18n/app")).sort();
    expect([...APP_AREAS].sort()).toEqual(folders);
  });

  it("can fail: a route that leaves out its own area, or a smaller base, is reported", () => {
    const meetings = routes.find((route) => route.module.endsWith("meetings/MeetingsPage.tsx"));
    expect(meetings).toBeDefined();
    const without = routes.map((route) =>
      route === meetings ? { ...route, declared: route.declared.filter((a) => a !== "meetings") } : route,
    );
    expect(missingAreas(without, BASE_AREAS)).toEqual({ "features/meetings/MeetingsPage.tsx": ["meetings"] });
    expect(Object.keys(missingAreas(routes, ["common"]))).toContain("main.tsx (first chunk)");
  });
});
