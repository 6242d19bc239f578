/**
 * The promotions the pages promise, computed (PRODUCT.md §4, §8): 20% off a
 * buyer's first booking (held by one active booking at a time, spent once a
 * booking that used it is completed), 5% off the first bike the buyer ever
 * wishlisted; they don't stack, the larger applies. Delivery is free.
 */
export const FIRST_BOOKING_DISCOUNT = 20;
export const FIRST_WISHLIST_ITEM_DISCOUNT = 5;

export interface QuoteFacts {
  listedPrice: number;
  /** True when no active or completed booking of the buyer holds the first-booking discount. */
  isFirstBooking: boolean;
  /** True when this bike is the first the buyer ever put on the wishlist. */
  isFirstWishlistItem: boolean;
}

export function quoteFor(facts: QuoteFacts) {
  const candidates: { percent: number; reason: "first-booking" | "first-wishlist-item" }[] = [];
  if (facts.isFirstBooking)
    candidates.push({ percent: FIRST_BOOKING_DISCOUNT, reason: "first-booking" });
  if (facts.isFirstWishlistItem) {
    candidates.push({ percent: FIRST_WISHLIST_ITEM_DISCOUNT, reason: "first-wishlist-item" });
  }
  const best = candidates.sort((a, b) => b.percent - a.percent)[0];
  const discountPercent = best?.percent ?? 0;
  // Whole currency units; the discount is rounded in the buyer's favour.
  const finalPrice = Math.floor((facts.listedPrice * (100 - discountPercent)) / 100);
  return {
    listedPrice: facts.listedPrice,
    discountPercent,
    finalPrice,
    reason: best?.reason ?? null,
  };
}
