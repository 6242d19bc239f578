import { infiniteQueryOptions } from "@tanstack/react-query";
import type { Page, WishlistEntry } from "#src/shared/schemas/bikes";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

// Apart from api.ts, which the home page's first download carries whole:
// only the wishlist page reads the list.

/** The caller's saved bikes, a page at a time: the first page the newest, each next one older. */
export const wishlistQuery = infiniteQueryOptions({
  queryKey: queryKeys.wishlist,
  queryFn: ({ pageParam, signal }) =>
    api<Page<WishlistEntry>>(
      pageParam ? `/api/me/wishlist?cursor=${encodeURIComponent(pageParam)}` : "/api/me/wishlist",
      { signal },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  // Bookings change these bikes' status and the heart elsewhere adds to it: ask afresh on each visit.
  staleTime: 0,
});
