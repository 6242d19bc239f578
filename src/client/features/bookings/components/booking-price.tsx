import { Price } from "#src/client/components/price";
import type { Booking } from "#src/shared/schemas/bookings";

/** The price paid: the final one, and the listed one struck through when a discount applied. */
export function BookingPrice({ booking }: { booking: Booking }) {
  const discounted = booking.discountPercent > 0;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <Price amount={booking.finalPrice} className="text-lg font-bold text-primary" />
      {discounted ? (
        <>
          <span className="text-sm text-base-content/75 line-through">
            <span className="sr-only">Listed price </span>
            <Price amount={booking.listedPrice} />
          </span>
          <span className="badge badge-success badge-soft badge-sm font-semibold">
            −{booking.discountPercent}%
          </span>
        </>
      ) : null}
    </p>
  );
}
