import type { ZodError } from "zod";
import type * as SearchSchemas from "#src/shared/schemas/search";
import { type FilterKey, type Filters, filterKeys } from "./search-params";

// The schemas bring zod, about a fifth of a page's first JavaScript: they load beside
// the page, and a page's loader waits for them only when its URL holds filters to check.
let schemas: typeof SearchSchemas | undefined;
let loading: Promise<void> | undefined;

function loadSchemas(): Promise<void> {
  loading ??= import("#src/shared/schemas/search").then((module) => {
    schemas = module;
  });
  return loading;
}

/**
 * For a loader: starts loading the schemas, and resolves once `validateFilters`
 * can check these filters (at once when there are none: every filter is optional).
 */
export function prepareFilterValidation(filters: Filters): Promise<void> {
  const loaded = loadSchemas();
  return Object.keys(filters).length === 0 ? Promise.resolve() : loaded;
}

/**
 * A message per field, from the shared schema: the same words the server would send.
 * In the moment before the schemas arrive the server's response is the check.
 */
export function validateFilters(
  filters: Filters,
  scope: "search" | "category",
): Partial<Record<FilterKey, string>> {
  if (!schemas || Object.keys(filters).length === 0) return {};
  const schema = scope === "search" ? schemas.searchQuerySchema : schemas.categoryBikesQuerySchema;
  const result = schema.safeParse(filters);
  return result.success ? {} : issuesByField(result.error);
}

function issuesByField(error: ZodError): Partial<Record<FilterKey, string>> {
  const messages: Partial<Record<FilterKey, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (filterKeys as readonly string[]).includes(field)) {
      const key = field as FilterKey;
      messages[key] ??= issue.message;
    }
  }
  return messages;
}
