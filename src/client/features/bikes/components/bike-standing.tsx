import { Link } from "react-router";
import { Price } from "#src/client/components/price";
import type { BikeDetail, YourBooking } from "#src/shared/schemas/bikes";
import { yourBookingPath } from "./buy-button";

const box = "flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4";

/** The seller's own listing: no price to pay, no heart; where to manage it instead. */
export function OwnBikeStanding({ bike }: { bike: BikeDetail }) {
  const text =
    bike.status === "sold"
      ? "You sold this bike."
      : bike.status === "booked"
        ? "A buyer has booked this bike. Answer them from your bookings."
        : "This is how buyers see your listing.";
  return (
    <section aria-labelledby="own-bike" className={box}>
      <h2 id="own-bike" className="text-lg font-semibold">
        Your listing
      </h2>
      <p>{text}</p>
      <p className="text-sm text-base-content/80">
        You receive the resale price. Promotions buyers get are ReRide's and never lower it.
      </p>
      <Link
        to={bike.status === "booked" ? "/dashboard" : "/dashboard/MyProduct"}
        className="btn btn-outline btn-primary w-full"
      >
        {bike.status === "booked" ? "Bookings on my bikes" : "My product"}
      </Link>
    </section>
  );
}

/** The buyer who booked it: their booking, at the price they booked it for. */
export function YourBookingStanding({ booking }: { booking: YourBooking }) {
  return (
    <section aria-labelledby="your-booking" className={box}>
      <h2 id="your-booking" className="text-lg font-semibold">
        You booked this bike
      </h2>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span>Your price</span>
        <Price amount={booking.finalPrice} className="text-lg font-bold text-primary" />
        {booking.discountPercent > 0 ? (
          <span className="text-sm text-base-content/80">
            (listed <Price amount={booking.listedPrice} />, −{booking.discountPercent}%)
          </span>
        ) : null}
      </p>
      <p className="text-sm text-base-content/80">
        {booking.status === "accepted"
          ? "The seller accepted: their phone number is on your booking."
          : "Waiting for the seller's answer."}
      </p>
      <Link to={yourBookingPath(booking.id)} className="btn btn-outline btn-primary w-full">
        See your booking
      </Link>
    </section>
  );
}
