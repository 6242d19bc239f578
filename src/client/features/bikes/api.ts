import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import type { ListedBike } from "../../lib/bike-cache";
import { queryKeys } from "../../lib/query-keys";
import { type Filters, toSearchParams } from "../../lib/search-params";

export interface CategoryBikesPage {
  category: { id: string; name: string };
  items: ListedBike[];
  nextCursor: string | null;
}

/**
 * A brand's bikes, newest first unless sorted otherwise, filtered as the
 * search is, a page at a time ('Load more' follows the cursor).
 */
export const categoryBikesQuery = (categoryId: string, filters: Filters = {}) =>
  infiniteQueryOptions({
    queryKey: queryKeys.categoryBikes(categoryId, filters),
    queryFn: ({ pageParam, signal }) => {
      const params = toSearchParams(filters);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.size > 0 ? `?${params}` : "";
      return api<CategoryBikesPage>(
        `/api/categories/${encodeURIComponent(categoryId)}/bikes${query}`,
        { signal },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const advertisedBikesQuery = queryOptions({
  queryKey: queryKeys.advertisedBikes,
  queryFn: ({ signal }) => api<{ items: ListedBike[] }>("/api/bikes/advertised", { signal }),
});

export function setWishlisted(bikeId: string, wishlisted: boolean): Promise<void> {
  return api<void>(`/api/me/wishlist/${encodeURIComponent(bikeId)}`, {
    method: wishlisted ? "PUT" : "DELETE",
  });
}
