import type { ColumnType, Kysely } from "kysely";
import { type SellerRatingsTable, withRatingTables } from "../../catalog/seller-ratings";
import type { Tables } from "../../db/tables";

type Timestamp = ColumnType<Date | string, string, string>;

/**
 * migrations/019-reviews.ts: one review per booking, the seller's one reply
 * on the same row, and an admin's removal recorded on it (who, when, why).
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

export type ReviewTables = Tables & { reviews: ReviewsTable; sellerRatings: SellerRatingsTable };

export const withReviewTables = (db: Kysely<Tables>): Kysely<ReviewTables> =>
  withRatingTables(db).withTables<{ reviews: ReviewsTable }>();
