import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { Review, ReviewInput, ReviewPage, SellerProfile } from "#src/shared/schemas/reviews";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

export const sellerProfileQuery = (sellerId: string) =>
  queryOptions({
    queryKey: queryKeys.sellerProfile(sellerId),
    // Others book and review meanwhile: ask afresh on each visit.
    staleTime: 0,
    queryFn: ({ signal }) =>
      api<SellerProfile>(`/api/sellers/${encodeURIComponent(sellerId)}`, { signal }),
  });

export const sellerReviewsQuery = (sellerId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.sellerReviews(sellerId),
    queryFn: ({ signal, pageParam }) =>
      api<ReviewPage>(
        `/api/sellers/${encodeURIComponent(sellerId)}/reviews${
          pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""
        }`,
        { signal },
      ),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function reviewSeller(bookingId: string, input: ReviewInput): Promise<Review> {
  return api<Review>(`/api/bookings/${encodeURIComponent(bookingId)}/review`, { body: input });
}

export function replyToReview(reviewId: string, text: string): Promise<Review> {
  return api<Review>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, { body: { text } });
}

export function removeReview(reviewId: string, reason: string): Promise<void> {
  return api<void>(`/api/reviews/${encodeURIComponent(reviewId)}`, {
    method: "DELETE",
    body: { reason },
  });
}
