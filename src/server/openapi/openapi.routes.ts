import { Hono } from "hono";
import type { AppBindings } from "../context";
import { AppError } from "../errors";
import { preferredEncoding } from "../lib/content-encoding";
import { DOCS_PAGE, docsAsset } from "./docs-page";
import { renderOpenApiDocument } from "./document";
import type { JsonObject } from "./json-schema";

/** GET /api/openapi.json, and the reference page that renders it at /api/docs. */
export const openApiRoutes = new Hono<AppBindings>();

let document: JsonObject | undefined;

openApiRoutes.get("/openapi.json", (c) => {
  document ??= renderOpenApiDocument();
  return c.json(document);
});

openApiRoutes.get("/docs", (c) => c.html(DOCS_PAGE));

openApiRoutes.get("/docs/:file", async (c) => {
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const asset = await docsAsset(c.req.param("file"), encoding);
  if (!asset) throw new AppError("NOT_FOUND", "The reference page has no such file.");
  // The files change only with the package version, which a restart brings.
  c.header("Cache-Control", "public, max-age=3600");
  c.header("Content-Type", asset.type);
  c.header("Vary", "Accept-Encoding");
  if (encoding) c.header("Content-Encoding", encoding);
  return c.body(asset.body);
});
