import { Price } from "#src/client/components/price";
import type { Booking } from "#src/shared/schemas/bookings";

/**
 * What the seller gets: the listed price, whatever the buyer's discount.
 * Promotions are ReRide's (PRODUCT.md §4), so the seller is told who bears one.
 */
export function SalePrice({ booking }: { booking: Booking }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <Price amount={booking.listedPrice} className="text-lg font-bold text-primary" />
        <span className="text-sm text-base-content/80">your price</span>
      </p>
      {booking.discountPercent > 0 ? (
        <p className="text-sm text-base-content/80">
          The buyer pays <Price amount={booking.finalPrice} /> with ReRide's −
          {booking.discountPercent}% promotion; ReRide bears the difference, not you.
        </p>
      ) : null}
    </div>
  );
}
