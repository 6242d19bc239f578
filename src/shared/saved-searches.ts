import type { SearchQuery } from "./schemas/search";

// Saved searches' limits and shapes without zod: the search page imports
// them, and its first JavaScript leaves zod to load beside it (validate-filters.ts).

/** How many searches one user may keep; one more is 409. */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 60;

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
