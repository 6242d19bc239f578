import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { User } from "#src/shared/schemas/users";
import { isUniqueViolation } from "../../db/errors";
import type { Tables } from "../../db/tables";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { notify } from "../../notifications/notify";
import { withReviewTables } from "./review-tables";

const alreadyReviewed = () =>
  new AppError("CONFLICT", "You have already reviewed this booking. A review can't be changed.");

/**
 * The buyer of a completed booking rates its seller, once (PRODUCT.md §8).
 * The review, the seller's rating (kept by the database's triggers) and the
 * seller's notification are written in one transaction; a second review of
 * the same booking meets the unique bookingId, on every process alike.
 */
export async function createReview(
  db: Kysely<Tables>,
  buyer: User,
  bookingId: string,
  input: { rating: number; text?: string | undefined },
  publicUrl: string,
): Promise<string> {
  try {
    return await inTransaction(db, async (trx) => {
      const booking = await trx
        .selectFrom("bookings")
        .select(["id", "buyerId", "sellerId", "buyerName", "bikeTitle", "status"])
        .where("id", "=", bookingId)
        .executeTakeFirst();
      if (!booking) throw new AppError("NOT_FOUND", "There is no such booking.");
      if (booking.buyerId !== buyer.id) {
        throw new AppError("FORBIDDEN", "Only the buyer of this booking may review its seller.");
      }
      if (booking.status !== "completed") {
        throw new AppError("CONFLICT", "You can review the seller once the sale is completed.");
      }
      if (!booking.sellerId) {
        throw new AppError("NOT_FOUND", "The seller of this booking no longer has an account.");
      }
      const reviews = withReviewTables(trx);
      const earlier = await reviews
        .selectFrom("reviews")
        .select("id")
        .where("bookingId", "=", booking.id)
        .executeTakeFirst();
      if (earlier) throw alreadyReviewed();

      const id = randomUUID();
      await reviews
        .insertInto("reviews")
        .values({
          id,
          bookingId: booking.id,
          sellerId: booking.sellerId,
          buyerId: buyer.id,
          buyerName: buyer.name,
          bikeTitle: booking.bikeTitle,
          rating: input.rating,
          text: input.text ?? null,
          createdAt: new Date().toISOString(),
        })
        .execute();
      const stars = input.rating === 1 ? "1 star" : `${input.rating} stars`;
      await notify(
        trx,
        {
          userId: booking.sellerId,
          kind: "review_received",
          title: `${buyer.name} reviewed you: ${stars}`,
          body: input.text
            ? `${buyer.name} gave you ${stars} for ${booking.bikeTitle}: "${input.text}"`
            : `${buyer.name} gave you ${stars} for ${booking.bikeTitle}.`,
          link: `/sellers/${booking.sellerId}`,
        },
        { publicUrl },
      );
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
}
