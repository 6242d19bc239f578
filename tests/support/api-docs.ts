import { readFileSync } from "node:fs";
import { renderOpenApiDocument } from "#src/server/openapi/document";
import type { JsonObject } from "#src/server/openapi/json-schema";

const API_DOCS = new URL("../../docs/api.md", import.meta.url);
const METHODS = ["get", "post", "put", "patch", "delete"];

/**
 * The endpoints the OpenAPI document (/api/openapi.json) describes, as
 * "METHOD /api/path" with Hono's `:param` placeholders, in document order.
 */
export function documentedEndpoints(document: JsonObject = renderOpenApiDocument()): string[] {
  const paths = document.paths as Record<string, JsonObject>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => method in item).map(
      (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
    ),
  );
}

/** The endpoints docs/api.md has a `### METHOD /api/...` section for, in its order. */
export function describedEndpoints(): string[] {
  const text = readFileSync(API_DOCS, "utf8");
  return [
    ...text.matchAll(/^###\s+(GET|POST|PUT|PATCH|DELETE)\s+(\/api\/\S+|\/metrics)\s*$/gm),
  ].map(([, method, path]) => `${method} ${path}`);
}
