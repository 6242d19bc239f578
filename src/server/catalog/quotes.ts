import { quoteFor } from "../../shared/promotions";
import type { Quote } from "../../shared/schemas/bikes";
import type { AppDb } from "../db/database";

/**
 * The price a buyer would pay for a bike now. Read from the database, never
 * from a request: the first-booking and first-wishlist-item promotions
 * depend only on the buyer's own records.
 */
export async function quoteForBuyer(
  db: AppDb,
  buyerId: string,
  bike: { id: string; resalePrice: number },
): Promise<Quote> {
  const [earlierBooking, firstWish] = await Promise.all([
    db
      .selectFrom("bookings")
      .select("id")
      .where("buyerId", "=", buyerId)
      .where("status", "in", ["pending", "accepted", "completed"])
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("wishlist")
      .select("bikeId")
      .where("userId", "=", buyerId)
      .orderBy("addedAt")
      .orderBy("bikeId")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return quoteFor({
    listedPrice: bike.resalePrice,
    isFirstBooking: !earlierBooking,
    isFirstWishlistItem: firstWish?.bikeId === bike.id,
  });
}
