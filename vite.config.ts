import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type InlineConfig, type Plugin } from "vite";
import { printEntrySizes } from "./scripts/lib/entry-sizes";

const outDir = "../../dist/web";

/**
 * The public booking pages (/book/:slug, /booking-confirmed, /user/:userId) are a second app,
 * `book.html` + `book.tsx`, built against Preact's React compatibility layer: invitees load about
 * a third of the JavaScript the host app needs (issue 4: at most 80 KB gzipped). The same
 * components also run under React in the host app (dev server, in-app links).
 */
const publicBuild: InlineConfig = {
  configFile: false,
  root: "src/web",
  plugins: [
    react(),
    tailwindcss(),
    precompiledCatalogues(),
    preloadAppChunk("bookApp.tsx"),
    inlineStylesheet(),
  ],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
      // The few TanStack Query calls these pages make, without its ~10 KB gz (see the file).
      {
        find: /^@tanstack\/react-query$/,
        replacement: path.resolve(import.meta.dirname, "src/web/lib/mini-query.tsx"),
      },
      // The host app's translation of the API's English texts; the invitees' pages keep them (see the file).
      { find: /^(.*)\/server-text$/, replacement: "$1/server-text-book" },
      // The few react-router calls these pages make, without its ~20 KB gz (see the file).
      {
        find: /^react-router$/,
        replacement: path.resolve(import.meta.dirname, "src/web/lib/mini-router.tsx"),
      },
    ],
  },
  build: {
    outDir,
    emptyOutDir: false,
    sourcemap: false,
    rollupOptions: {
      input: { book: path.resolve(import.meta.dirname, "src/web/book.html") },
      onLog(level, log, handler) {
        // react-router reads React.useOptimistic by name and falls back when it is missing (Preact).
        if (log.code === "IMPORT_IS_UNDEFINED" && log.message.includes("useOptimistic")) return;
        handler(level, log);
      },
    },
  },
  logLevel: "info",
};

/**
 * The booking page's first view for the server (src/web/ssr.tsx, loaded by
 * src/server/lib/first-view.ts): the same components and aliases as the public app, rendered with
 * preact-render-to-string. Everything is bundled in, so the aliases apply to the packages too.
 */
const firstViewBuild: InlineConfig = {
  configFile: false,
  root: "src/web",
  plugins: [react()],
  resolve: publicBuild.resolve,
  ssr: { noExternal: true },
  publicDir: false,
  build: {
    ssr: path.resolve(import.meta.dirname, "src/web/ssr.tsx"),
    outDir: "../../dist/ssr",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: "ssr.js" }, onLog: publicBuild.build?.rollupOptions?.onLog },
  },
  logLevel: "warn",
};

/**
 * The embed loader (issue 25, src/web/embed/loader.ts) at its permanent address /embed/v1/embed.js:
 * one classic script (sites load it async, no module), no hash in its name, at most 5 kB gzipped.
 */
const embedLoaderBuild: InlineConfig = {
  configFile: false,
  publicDir: false,
  build: {
    outDir: "dist/web/embed/v1",
    emptyOutDir: true,
    sourcemap: false,
    lib: {
      entry: path.resolve(import.meta.dirname, "src/web/embed/loader.ts"),
      formats: ["iife"],
      name: "KairosEmbedLoader",
      fileName: () => "embed.js",
    },
  },
  logLevel: "warn",
};

/**
 * book.tsx loads the app with a dynamic import (so it can start the first API calls at once);
 * these hints let the browser fetch that chunk and its imports while it parses the HTML.
 */
function preloadAppChunk(moduleFile: string): Plugin {
  return {
    name: "kairos-preload-app-chunk",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk");
        const app = chunks.find((c) => c.facadeModuleId?.endsWith(`/${moduleFile}`));
        if (!app) throw new Error(`no chunk for ${moduleFile}`);
        const files = new Set([app.fileName, ...app.imports]);
        files.delete(ctx.chunk?.fileName ?? "");
        return [...files].map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

/** Files worth compressing: text; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every compressible file of
 * the build over 1 KB; the server sends them to browsers that accept them (issue 4: the JavaScript
 * and CSS went out uncompressed).
 */
function precompress(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/**
 * Puts the public app's stylesheet into book.html, at the end of its head: on a slow phone network
 * its bytes then arrive while the scripts the head names (requested as soon as the head is read)
 * are still waiting out their latency, instead of sharing the bandwidth with them afterwards.
 * Styles inline are within the CSP (style-src 'unsafe-inline'); scripts stay external.
 */
function inlineStylesheet(): Plugin {
  return {
    name: "kairos-inline-stylesheet",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((f) => f.type === "asset" && f.fileName.endsWith(".html"));
      if (html?.type !== "asset") return;
      let text = String(html.source);
      for (const file of Object.values(bundle)) {
        if (file.type !== "asset" || !file.fileName.endsWith(".css")) continue;
        const link = new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file.fileName}"[^>]*>`);
        if (!link.test(text)) continue;
        text = text.replace(link, "").replace("</head>", `<style>${String(file.source)}</style>\n</head>`);
      }
      html.source = text;
    },
  };
}

/**
 * The catalogues (src/i18n/web and app) compiled as they are bundled, with Lingui's compiler here in
 * Node: the browser gets messages ready to fill and never loads the compiler (issue 30, the host app's
 * first load). Marked, so the app knows (web/lib/i18n-precompiled.ts). The dev server and vitest skip
 * this and compile in the browser.
 */
function precompiledCatalogues(): Plugin {
  return {
    name: "kairos-precompiled-catalogues",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (!/[\\/]src[\\/]i18n[\\/](web|app)[\\/].+\.json$/.test(id)) return null;
      const source = JSON.parse(fs.readFileSync(id, "utf8")) as Record<string, string>;
      const compiled = Object.entries(source).map(([key, message]) => [key, compileMessage(message)]);
      return JSON.stringify(Object.fromEntries([["__precompiled", 1], ...compiled]));
    },
  };
}

/**
 * `vite build` builds the host app, then the public app into the same folder, then the booking page's
 * first view for the server (dist/ssr) and the embed loader, then compresses them and prints what each
 * page sends.
 */
function buildPublicApp(): Plugin {
  return {
    name: "kairos-public-app",
    apply: "build",
    async closeBundle() {
      await build(publicBuild);
      await build(firstViewBuild);
      await build(embedLoaderBuild);
      precompress(path.resolve(import.meta.dirname, "dist/web"));
      printEntrySizes(path.resolve(import.meta.dirname, "dist/web"));
    },
  };
}

// The SPA lives in src/web; the server serves dist/web in production and
// proxies nothing: in dev, run `npm run dev` (API on 3000) and `npx vite` (proxy /api).
export default defineConfig({
  root: "src/web",
  plugins: [react(), tailwindcss(), precompiledCatalogues(), buildPublicApp()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
