import { infiniteQueryOptions } from "@tanstack/react-query";
import type { SearchResults } from "#src/shared/schemas/search";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { type Filters, toSearchParams } from "../../lib/search-params";

/** GET /api/bikes, a page at a time; 'Load more' follows the cursor. */
export const searchBikesQuery = (filters: Filters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = toSearchParams(filters);
      if (pageParam) params.set("cursor", pageParam);
      return api<SearchResults>(`/api/bikes?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
