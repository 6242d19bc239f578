/**
 * The promotions the pages promise, computed (PRODUCT.md §4): 20% off a
 * buyer's first booking, 5% off the bike that is the first entry still on the
 * buyer's wishlist; they don't stack, the larger applies. Delivery is free.
 */
export const FIRST_BOOKING_DISCOUNT = 20;
export const FIRST_WISHLIST_ITEM_DISCOUNT = 5;

export interface QuoteFacts {
  listedPrice: number;
  /** True when every earlier booking of the buyer was declined or cancelled (or there is none). */
  isFirstBooking: boolean;
  /** True when this bike is the oldest entry on the buyer's wishlist. */
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
