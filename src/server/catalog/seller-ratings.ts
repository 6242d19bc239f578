import type { ColumnType, Kysely } from "kysely";
import type { SellerRating } from "#src/shared/schemas/bikes";
import type { Tables } from "../db/tables";

/**
 * Each seller's count and sum of shown review ratings, kept by triggers on
 * `reviews` (migrations/019-reviews.ts, docs/decisions/0018-seller-ratings.md).
 * Read by every bike read (a seller's rating beside their name) and by the
 * seller's profile. A seller with no row has no reviews.
 */
export interface SellerRatingsTable {
  sellerId: string;
  reviewCount: number;
  ratingSum: number;
}

export type RatingTables = Tables & { sellerRatings: SellerRatingsTable };

export const withRatingTables = (db: Kysely<Tables>): Kysely<RatingTables> =>
  db.withTables<{ sellerRatings: SellerRatingsTable }>();

type Timestamp = ColumnType<Date | string, string, string>;

/**
 * One review per booking, the seller's one reply on the same row, and an
 * admin's removal recorded on it (who, when, why). Written by
 * features/reviews; bookings read whether theirs is reviewed.
 */
export interface ReviewsTable {
  id: string;
  bookingId: string;
  sellerId: string;
  buyerId: string | null;
  buyerName: string;
  bikeTitle: string;
  rating: number;
  text: string | null;
  createdAt: Timestamp;
  replyText: string | null;
  repliedAt: Timestamp | null;
  removedAt: Timestamp | null;
  removedBy: string | null;
  /** The admin's name at the time, so the record outlives their account. */
  removedByName: string | null;
  removalReason: string | null;
}

export type ReviewTables = RatingTables & { reviews: ReviewsTable };

export const withReviewTables = (db: Kysely<Tables>): Kysely<ReviewTables> =>
  withRatingTables(db).withTables<{ reviews: ReviewsTable }>();

/** The API's rating from a row's count and sum (null, null: no row, no reviews). */
export function toSellerRating(
  count: number | string | null,
  sum: number | string | null,
): SellerRating {
  const reviews = Number(count ?? 0);
  if (reviews <= 0) return { average: null, count: 0 };
  return { average: Math.round((Number(sum ?? 0) / reviews) * 10) / 10, count: reviews };
}
