import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Rollup } from "vite";
import { describe, expect, it } from "vitest";

// Issue 25: sites load the loader on every page view; it stays at most 5 kB gzipped.
describe("the embed loader", () => {
  it("builds to one classic script of at most 5 kB gzipped", async () => {
    const output = (await build({
      configFile: false,
      publicDir: false,
      logLevel: "silent",
      build: {
        write: false,
        lib: {
          entry: path.resolve(import.meta.dirname, "loader.ts"),
          formats: ["iife"],
          name: "KairosEmbedLoader",
          fileName: () => "embed.js",
        },
      },
    })) as Rollup.RollupOutput[];
    const chunks = output.flatMap((o) => o.output).filter((c) => c.type === "chunk");
    expect(chunks.map((c) => c.fileName)).toEqual(["embed.js"]);
    const code = (chunks[0] as Rollup.OutputChunk).code;
    // No import or export: it runs as a plain async <script>.
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(5 * 1024);
  }, 60_000);
});
