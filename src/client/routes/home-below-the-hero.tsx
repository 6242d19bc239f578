import { AdvertisedBikes } from "../features/bikes/components/advertised-bikes";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { CategoryGrid } from "../features/categories/components/category-grid";
import { AppBanner } from "../features/home/components/app-banner";
import { Promotions } from "../features/home/components/promotions";
import { SellerBanner } from "../features/home/components/seller-banner";

/**
 * Home below the hero, composed from several features (so it lives with the
 * routes, not as a route of its own): its own chunk, loaded as the page
 * starts, so the first paint (the hero) waits only for the code it shows.
 */
export default function BelowTheHero() {
  const booking = useBookingDialog();
  return (
    <>
      <AdvertisedBikes onBuy={booking.open} onBuyIntent={booking.preload} />
      <section
        id="categories"
        aria-labelledby="categories-heading"
        className="mx-auto w-full max-w-7xl scroll-mt-20 px-6 pt-12"
      >
        <h2 id="categories-heading" className="text-2xl font-bold sm:text-3xl">
          Browse by brand
        </h2>
        <p className="mt-2 mb-6 text-base-content/80">
          Pick a brand to see every bike its sellers have on offer right now.
        </p>
        <CategoryGrid />
      </section>
      <Promotions />
      <AppBanner />
      <SellerBanner />
      {booking.dialog}
    </>
  );
}
