import { infiniteQueryOptions } from "@tanstack/react-query";
import type { BikeInput, Page } from "#src/shared/schemas/bikes";
import { api } from "../../lib/api-client";
import type { ListedBike } from "../../lib/bike-cache";
import { queryKeys } from "../../lib/query-keys";

// What only sellers' pages use, apart from api.ts: the home page's code
// carries that file (and everything in it) in its first download.

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
