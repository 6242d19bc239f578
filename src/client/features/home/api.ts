import { queryOptions } from "@tanstack/react-query";
import type { SearchResults } from "#src/shared/schemas/search";
import { api } from "../../lib/api-client";

/** How many of the newest bikes home shows beside the advertised ones. */
export const RECENT_BIKES = 6;

/**
 * The newest available bikes, for home when few are advertised. Searching
 * needs a session (PRODUCT.md §1), so only a signed-in visitor asks. The key
 * starts with "bikes", so a booking or a new listing refreshes it too.
 */
export const recentBikesQuery = queryOptions({
  queryKey: ["bikes", "recent"] as const,
  queryFn: ({ signal }) =>
    // A row's worth more, as the advertised ones among them are not shown twice.
    api<SearchResults>(`/api/bikes?sort=newest&limit=${RECENT_BIKES + 3}`, { signal }),
});
