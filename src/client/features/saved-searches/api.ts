import { queryOptions } from "@tanstack/react-query";
import type { SavedSearch } from "#src/shared/saved-searches";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import type { Filters } from "../../lib/search-params";

/** GET /api/me/saved-searches */
export const savedSearchesQuery = queryOptions({
  queryKey: queryKeys.savedSearches,
  queryFn: ({ signal }) =>
    api<{ items: SavedSearch[] }>("/api/me/saved-searches", { signal }).then((body) => body.items),
});

/** POST /api/me/saved-searches: the search page's filters as its URL holds them. */
export const saveSearch = (input: { name?: string; query: Filters }) =>
  api<SavedSearch>("/api/me/saved-searches", { body: input });

/** DELETE /api/me/saved-searches/:id */
export const deleteSavedSearch = (id: string) =>
  api<void>(`/api/me/saved-searches/${encodeURIComponent(id)}`, { method: "DELETE" });
