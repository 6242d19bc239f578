import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { type ContentEncoding, compress } from "../lib/content-encoding";

/**
 * The reference page at /api/docs: Swagger UI, served from its npm package by
 * this app (no CDN), loaded by plain <script src> and <link> tags. Nothing is
 * inline, so it runs under the app's content security policy as it is.
 */
export const DOCS_PAGE = `<!doctype html>
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

const packageDir = path.dirname(
  createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"),
);
const fromPackage = (name: string) => () => readFile(path.join(packageDir, name));
const javascript = "text/javascript; charset=utf-8";

const ASSETS: Record<string, { type: string; read: () => Promise<Buffer> }> = {
  "swagger-ui.css": { type: "text/css; charset=utf-8", read: fromPackage("swagger-ui.css") },
  "swagger-ui-bundle.js": { type: javascript, read: fromPackage("swagger-ui-bundle.js") },
  "start.js": { type: javascript, read: async () => Buffer.from(START) },
};

// Each file in each encoding is read and compressed once per process.
const loaded = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** One of the page's files, compressed as the client takes it; null for another name. */
export async function docsAsset(
  name: string,
  encoding: ContentEncoding | null,
): Promise<{ type: string; body: Uint8Array<ArrayBuffer> } | null> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return null;
  const key = `${name} ${encoding ?? "identity"}`;
  const body =
    loaded.get(key) ??
    asset.read().then((bytes) => new Uint8Array(encoding ? compress(bytes, encoding) : bytes));
  loaded.set(key, body);
  return { type: asset.type, body: await body };
}
