import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type InlineConfig, type Plugin } from "vite";

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
  plugins: [react(), tailwindcss(), preloadAppChunk("bookApp.tsx")],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
      { find: /^react$/, replacement: "preact/compat" },
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

/** `vite build` builds the host app, then the public app into the same folder. */
function buildPublicApp(): Plugin {
  return {
    name: "kairos-public-app",
    apply: "build",
    async closeBundle() {
      await build(publicBuild);
    },
  };
}

// The SPA lives in src/web; the server serves dist/web in production and
// proxies nothing: in dev, run `npm run dev` (API on 3000) and `npx vite` (proxy /api).
export default defineConfig({
  root: "src/web",
  plugins: [react(), tailwindcss(), buildPublicApp()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
