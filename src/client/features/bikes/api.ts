import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { BikeInput, Page } from "#src/shared/schemas/bikes";
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

/** The seller's own listings, a page at a time: the first page newest, each next one older. */
export const myBikesQuery = infiniteQueryOptions({
  queryKey: queryKeys.myBikes,
  queryFn: ({ pageParam, signal }) =>
    api<Page<ListedBike>>(
      pageParam ? `/api/me/bikes?cursor=${encodeURIComponent(pageParam)}` : "/api/me/bikes",
      { signal },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  // Buyers' bookings change these bikes' status: ask afresh on each visit.
  staleTime: 0,
});

export interface WishlistEntry {
  addedAt: string;
  bike: ListedBike;
}

/** Oldest first: the first entry is the one the 5% promotion applies to. */
export const wishlistQuery = queryOptions({
  queryKey: queryKeys.wishlist,
  queryFn: ({ signal }) => api<{ items: WishlistEntry[] }>("/api/me/wishlist", { signal }),
  staleTime: 0,
});

export function createBike(input: BikeInput): Promise<ListedBike> {
  return api<ListedBike>("/api/bikes", { body: input });
}

export function setAdvertised(bikeId: string, advertised: boolean): Promise<ListedBike> {
  return api<ListedBike>(`/api/bikes/${encodeURIComponent(bikeId)}`, {
    method: "PATCH",
    body: { advertised },
  });
}

export function deleteBike(bikeId: string): Promise<void> {
  return api<void>(`/api/bikes/${encodeURIComponent(bikeId)}`, { method: "DELETE" });
}

export function setWishlisted(bikeId: string, wishlisted: boolean): Promise<void> {
  return api<void>(`/api/me/wishlist/${encodeURIComponent(bikeId)}`, {
    method: wishlisted ? "PUT" : "DELETE",
  });
}
