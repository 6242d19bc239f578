import { Price } from "#src/client/components/price";
import type { Quote } from "#src/shared/schemas/bikes";

const reasons: Record<NonNullable<Quote["reason"]>, string> = {
  "first-booking": "first booking",
  "first-wishlist-item": "first wishlist item",
};

/** What the buyer will pay, as the server computed it, before they confirm. */
export function QuoteSummary({ quote }: { quote: Quote }) {
  const discounted = quote.discountPercent > 0;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
      <dt className="text-base-content/80">Listed price</dt>
      <dd className={discounted ? "text-base-content/75 line-through" : "font-medium"}>
        <Price amount={quote.listedPrice} />
      </dd>
      <dt className="text-base-content/80">Discount</dt>
      <dd className={discounted ? "font-semibold text-success" : "text-base-content/80"}>
        {discounted
          ? `−${quote.discountPercent}% ${quote.reason ? reasons[quote.reason] : ""}`.trim()
          : "No discount"}
      </dd>
      <dt className="text-base-content/80">Delivery</dt>
      <dd className="font-medium text-success">Free delivery</dd>
      <dt className="border-t border-base-300 pt-2 font-semibold">Final price</dt>
      <dd className="border-t border-base-300 pt-2 text-lg font-bold text-primary">
        <Price amount={quote.finalPrice} />
      </dd>
    </dl>
  );
}
