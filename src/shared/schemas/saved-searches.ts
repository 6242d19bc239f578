import { z } from "zod";
import { SAVED_SEARCH_NAME_MAX } from "../saved-searches";
import { searchQuerySchema } from "./search";

export {
  SAVED_SEARCH_NAME_MAX,
  SAVED_SEARCHES_MAX,
  type SavedQuery,
  type SavedSearch,
} from "../saved-searches";

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
