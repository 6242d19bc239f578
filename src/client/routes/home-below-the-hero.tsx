import { useQuery } from "@tanstack/react-query";
import { advertisedBikesQuery } from "../features/bikes/api";
import { AdvertisedBikes } from "../features/bikes/components/advertised-bikes";
import { BikeGrid } from "../features/bikes/components/bike-grid";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { CategoryGrid } from "../features/categories/components/category-grid";
import { RECENT_BIKES, recentBikesQuery } from "../features/home/api";
import { AppBanner } from "../features/home/components/app-banner";
import { Promotions } from "../features/home/components/promotions";
import { SellerBanner } from "../features/home/components/seller-banner";
import type { ListedBike } from "../lib/bike-cache";
import { useMe } from "../lib/session";

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
      <RecentBikes onBuy={booking.open} onBuyIntent={booking.preload} />
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

/** Fewer advertised bikes than a row holds: the newest others fill the page (signed in only). */
const FEW_ADVERTISED = 3;

function RecentBikes(props: { onBuy: (bike: ListedBike) => void; onBuyIntent: () => void }) {
  const { data: user } = useMe();
  const advertised = useQuery(advertisedBikesQuery);
  const few = advertised.isSuccess && advertised.data.items.length < FEW_ADVERTISED;
  const recent = useQuery({ ...recentBikesQuery, enabled: Boolean(user) && few });
  if (!few || !recent.isSuccess) return null;
  const shown = new Set(advertised.data.items.map((bike) => bike.id));
  const others = recent.data.items.filter((bike) => !shown.has(bike.id)).slice(0, RECENT_BIKES);
  // Whole rows of three once there are three (the grid centres one or two on their own).
  const bikes = others.length < 3 ? others : others.slice(0, others.length - (others.length % 3));
  if (bikes.length === 0) return null;
  return (
    <section aria-labelledby="recent-heading" className="mx-auto w-full max-w-7xl px-6 pt-12">
      <h2 id="recent-heading" className="text-2xl font-bold sm:text-3xl">
        Recently listed
      </h2>
      <p className="mt-2 mb-6 text-base-content/80">The newest bikes on ReRide, ready to book.</p>
      <BikeGrid bikes={bikes} titleAs="h3" {...props} />
    </section>
  );
}
