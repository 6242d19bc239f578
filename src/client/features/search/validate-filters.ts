import type { ZodError } from "zod";
import { categoryBikesQuerySchema, searchQuerySchema } from "../../../shared/schemas/search";
import { type FilterKey, type Filters, filterKeys } from "./search-params";

/** A message per field, from the shared schema: the same words the server would send. */
export function validateFilters(
  filters: Filters,
  scope: "search" | "category",
): Partial<Record<FilterKey, string>> {
  const schema = scope === "search" ? searchQuerySchema : categoryBikesQuerySchema;
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
