import { PageHeading } from "../components/page-heading";
import { WishlistBikes } from "../features/bikes/components/wishlist-bikes";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { usePageTitle } from "../lib/page-title";

/** /dashboard/wishlist */
export function Component() {
  usePageTitle("Wishlist");
  const booking = useBookingDialog();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageHeading>Wishlist</PageHeading>
      <p className="mt-2 text-base-content/80">
        Bikes you saved with the heart, newest first. Remove one with its heart.
      </p>
      <WishlistBikes onBuy={booking.open} onBuyIntent={booking.preload} />
      {booking.dialog}
    </section>
  );
}
