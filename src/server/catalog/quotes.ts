import { expressionBuilder } from "kysely";
import { FIRST_BOOKING_DISCOUNT, quoteFor } from "../../shared/promotions";
import type { Quote } from "../../shared/schemas/bikes";
import type { AppDb } from "../db/database";
import type { Tables } from "../db/tables";

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
    .selectNoFrom(() => promotionRecordsOf(buyerId))
    .executeTakeFirstOrThrow();
  return quoteFrom(records, bike);
}

/** What the promotions depend on, as two columns for any statement to read alongside its own. */
export function promotionRecordsOf(buyerId: string) {
  const eb = expressionBuilder<Tables, never>();
  return [
    eb
      .selectFrom("bookings")
      .select("id")
      .where("buyerId", "=", buyerId)
      .where("discountPercent", "=", FIRST_BOOKING_DISCOUNT)
      .where("status", "in", ["pending", "accepted", "completed"])
      .limit(1)
      .as("firstBookingTaken"),
    eb.selectFrom("firstWishes").select("bikeId").where("userId", "=", buyerId).as("firstWish"),
  ] as const;
}

/** The quote for `bike`, from the records promotionRecordsOf read. */
export function quoteFrom(
  records: { firstBookingTaken: string | null; firstWish: string | null },
  bike: { id: string; resalePrice: number },
): Quote {
  return quoteFor({
    listedPrice: bike.resalePrice,
    isFirstBooking: records.firstBookingTaken === null,
    isFirstWishlistItem: records.firstWish === bike.id,
  });
}
