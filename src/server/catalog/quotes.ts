import { FIRST_BOOKING_DISCOUNT, quoteFor } from "../../shared/promotions";
import type { Quote } from "../../shared/schemas/bikes";
import type { AppDb } from "../db/database";

/**
 * The price a buyer would pay for a bike now. Read from the database, never
 * from a request: the promotions depend only on the buyer's own records
 * (PRODUCT.md §8). The first-booking discount is taken while an active
 * booking holds it and gone once one that used it is completed (the discount
 * percent on a booking says which promotion it got: they never share one);
 * the 5% belongs to the first bike ever wishlisted, whatever the list holds now.
 */
export async function quoteForBuyer(
  db: AppDb,
  buyerId: string,
  bike: { id: string; resalePrice: number },
): Promise<Quote> {
  // Both of the buyer's records in one statement: one round trip on PostgreSQL, not two.
  const records = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("bookings")
        .select("id")
        .where("buyerId", "=", buyerId)
        .where("discountPercent", "=", FIRST_BOOKING_DISCOUNT)
        .where("status", "in", ["pending", "accepted", "completed"])
        .limit(1)
        .as("firstBookingTaken"),
      eb.selectFrom("firstWishes").select("bikeId").where("userId", "=", buyerId).as("firstWish"),
    ])
    .executeTakeFirstOrThrow();
  return quoteFor({
    listedPrice: bike.resalePrice,
    isFirstBooking: records.firstBookingTaken === null,
    isFirstWishlistItem: records.firstWish === bike.id,
  });
}
