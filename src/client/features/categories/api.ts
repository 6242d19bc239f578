import { queryOptions } from "@tanstack/react-query";
import type { Category } from "#src/shared/schemas/categories";
import { api } from "../../lib/api-client";

export const categoriesQuery = queryOptions({
  queryKey: ["categories"] as const,
  queryFn: ({ signal }) => api<Category[]>("/api/categories", { signal }),
});
