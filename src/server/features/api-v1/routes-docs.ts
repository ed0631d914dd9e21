import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

const require = createRequire(import.meta.url);
const SWAGGER_DIR = path.dirname(require.resolve("swagger-ui-dist/package.json"));
/** The renderer's files the page loads, served from the installed package (no CDN). */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kairos API v1 reference</title>
<link rel="stylesheet" href="/api/v1/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/v1/docs/kairos.css">
<link rel="icon" href="/api/v1/docs/favicon-32x32.png">
</head>
<body>
<main id="swagger-ui" aria-label="Kairos API v1 reference"></main>
<script src="/api/v1/docs/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/init.js"></script>
</body>
</html>
`;

// A file of its own: the page's CSP allows scripts from this origin only, never inline.
const INIT = `window.ui = SwaggerUIBundle({
  url: "/api/v1/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
});
`;

// The renderer's light colours (method badges, the version, links) fall below WCAG AA contrast: darker ones.
const THEME = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4ed8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #047857; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #a16207; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a16207; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b91c1c; }
.swagger-ui .info .title small.version-stamp { background: #4338ca; }
.swagger-ui .info .title small pre, .swagger-ui .info a.link, .swagger-ui .info .url { color: #3730a3; }
.swagger-ui .info .title small pre { color: #fff; }
.swagger-ui .btn.authorize { color: #047857; border-color: #047857; }
.swagger-ui .btn.authorize span { color: #047857; }
.swagger-ui .btn.authorize svg { fill: #047857; }
`;

/** Only the public API's paths, with the bearer scheme API keys use. */
function v1Document(whole: Record<string, unknown>) {
  const paths = (whole.paths ?? {}) as Record<string, unknown>;
  const components = (whole.components ?? {}) as Record<string, unknown>;
  return {
    openapi: whole.openapi,
    info: {
      title: "Kairos public API",
      version: "1",
      description:
        "Authenticate with `Authorization: Bearer kairos_live_...` (Settings > Developers). Lists take `limit` (1-100) and `cursor` (the previous page's `nextCursor`). Failures are RFC 7807 problem details with the app's error `code`. Version 1 only grows; breaking changes wait for /api/v2.",
    },
    paths: Object.fromEntries(Object.entries(paths).filter(([p]) => p.startsWith("/api/v1/"))),
    components: {
      ...components,
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "kairos_live_..." } },
    },
    security: [{ apiKey: [] }],
  };
}

/** The public API's OpenAPI document and its reference page (Swagger UI, self-hosted); both public. */
export async function v1DocsRoutes(v1: FastifyInstance, opts: { document: () => Record<string, unknown> }) {
  let cached: unknown;
  v1.get("/openapi.json", { schema: { hide: true } }, async () => {
    cached ??= v1Document(opts.document());
    return cached;
  });

  v1.get("/docs", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(PAGE),
  );

  v1.get(
    "/docs/:file",
    { schema: { hide: true, params: z.object({ file: z.string().max(60) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      if (file === "init.js") return reply.type("text/javascript; charset=utf-8").send(INIT);
      if (file === "kairos.css") return reply.type("text/css; charset=utf-8").send(THEME);
      const type = ASSETS[file];
      if (!type) return reply.callNotFound();
      return reply
        .type(type)
        .header("Cache-Control", "public, max-age=86400")
        .send(await readFile(path.join(SWAGGER_DIR, file)));
    },
  );
}
