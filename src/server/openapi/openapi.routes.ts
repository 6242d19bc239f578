import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";
import type { AppBindings } from "../context";
import { AppError } from "../errors";
import { renderOpenApiDocument } from "./document";

/**
 * GET /api/openapi.json and the reference page at /api/docs. The page is
 * Swagger UI, served from its npm package by this app (no CDN), loaded by
 * plain <script src> and <link> tags: nothing inline, so it runs under the
 * app's content security policy as it is.
 */
export const openApiRoutes = new Hono<AppBindings>();

let document: ReturnType<typeof renderOpenApiDocument> | undefined;

openApiRoutes.get("/openapi.json", (c) => {
  document ??= renderOpenApiDocument();
  return c.json(document);
});

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ReRide API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="reference"><noscript>The reference needs JavaScript; the document itself is <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// A file, not an inline script, so the policy needs no 'unsafe-inline' for scripts.
const START = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
`;

openApiRoutes.get("/docs", (c) => c.html(PAGE));

const packageDir = path.dirname(
  createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"),
);
const ASSETS: Record<string, { type: string; read: () => Promise<string> }> = {
  "swagger-ui.css": {
    type: "text/css; charset=utf-8",
    read: () => readPackageFile("swagger-ui.css"),
  },
  "swagger-ui-bundle.js": {
    type: "text/javascript; charset=utf-8",
    read: () => readPackageFile("swagger-ui-bundle.js"),
  },
  "start.js": { type: "text/javascript; charset=utf-8", read: async () => START },
};
const loaded = new Map<string, Promise<string>>();

function readPackageFile(name: string): Promise<string> {
  return readFile(path.join(packageDir, name), "utf8");
}

openApiRoutes.get("/docs/:file", async (c) => {
  const name = c.req.param("file");
  const asset = ASSETS[name];
  if (!asset) throw new AppError("NOT_FOUND", "The reference page has no such file.");
  const body = loaded.get(name) ?? asset.read();
  loaded.set(name, body);
  // The files change only with the package version, which a restart brings.
  c.header("Cache-Control", "public, max-age=3600");
  c.header("Content-Type", asset.type);
  return c.body(await body);
});
