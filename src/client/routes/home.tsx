import { advertisedBikesQuery } from "../features/bikes/api";
import { AdvertisedBikes } from "../features/bikes/components/advertised-bikes";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { categoriesQuery } from "../features/categories/api";
import { CategoryGrid } from "../features/categories/components/category-grid";
import { AppBanner } from "../features/home/components/app-banner";
import { Hero } from "../features/home/components/hero";
import { Promotions } from "../features/home/components/promotions";
import { SellerBanner } from "../features/home/components/seller-banner";
import { configQuery } from "../lib/config";
import { usePageTitle } from "../lib/page-title";
import { queryClient } from "../lib/query-client";

/**
 * Starts fetching the page's data while its code loads, but doesn't wait:
 * each section shows its own loading and error states.
 */
export function loader() {
  void queryClient.prefetchQuery(categoriesQuery);
  void queryClient.prefetchQuery(advertisedBikesQuery);
  void queryClient.prefetchQuery(configQuery);
  return null;
}

export function Component() {
  usePageTitle("ReRide — used motorbikes, bought and sold", { exact: true });
  const booking = useBookingDialog();
  return (
    <>
      <Hero />
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
