import { readFileSync } from "node:fs";

const API_DOCS = new URL("../../docs/api.md", import.meta.url);

/**
 * The endpoints docs/api.md documents, as "METHOD /api/path" from its
 * `### METHOD /api/...` headings (and `### GET /metrics`), in document order.
 */
export function documentedEndpoints(): string[] {
  const text = readFileSync(API_DOCS, "utf8");
  return [
    ...text.matchAll(/^###\s+(GET|POST|PUT|PATCH|DELETE)\s+(\/api\/\S+|\/metrics)\s*$/gm),
  ].map(([, method, path]) => `${method} ${path}`);
}
