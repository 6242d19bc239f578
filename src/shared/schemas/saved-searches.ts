import { z } from "zod";
import { type SearchQuery, searchQuerySchema } from "./search";

/** How many searches one user may keep; one more is 409. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 60;

/** POST /api/me/saved-searches: the search page's filters, as GET /api/bikes takes them. */
export const savedSearchInputSchema = z.object({
  name: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({ error: "Name must be text" })
      .trim()
      .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`)
      .optional(),
  ),
  query: z
    .looseObject({}, { error: "query must be an object of search filters" })
    .pipe(searchQuerySchema),
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

/** What a saved search keeps: the filters and the sort, never a page. */
export type SavedQuery = Omit<SearchQuery, "cursor" | "limit">;

export interface SavedSearch {
  id: string;
  /** Null when the user gave none: the page names it by its filters. */
  name: string | null;
  query: SavedQuery;
  createdAt: string;
  /** Bikes listed or available again that matched since it was saved. */
  matchCount: number;
  lastMatchedAt: string | null;
}
