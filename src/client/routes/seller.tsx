import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoaderError } from "../components/loader-error";
import { NotFoundState } from "../components/not-found-state";
import { LoadingState } from "../components/query-states";
import { BikeGrid } from "../features/bikes/components/bike-grid";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { sellerProfileQuery } from "../features/reviews/api";
import { SellerProfileHeader } from "../features/reviews/components/seller-profile-header";
import { SellerReviews } from "../features/reviews/components/seller-reviews";
import { isApiError } from "../lib/api-client";
import { configQuery } from "../lib/config";
import { type PageData, waitForPageData } from "../lib/page-data";
import { meQuery } from "../lib/session";

/** The profile arrives before the page shows; signed out, the login guard takes over. */
export const pageData: PageData = async (client, { params }) => {
  const config = client.prefetchQuery(configQuery);
  const user = await client.ensureQueryData(meQuery);
  if (user && params.id) await client.prefetchQuery(sellerProfileQuery(params.id));
  await config;
};

export const loader = waitForPageData(pageData);

/** /sellers/:id: who the seller is, their rating, their available bikes and their reviews. */
export function Component() {
  const { id = "" } = useParams();
  const profile = useQuery(sellerProfileQuery(id));
  const booking = useBookingDialog();
  if (profile.isPending) return <LoadingState label="Loading the seller..." />;
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.status === 404) {
      return <NotFoundState />;
    }
    return <LoaderError what="the seller" />;
  }
  const { bikes } = profile.data;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-8 sm:px-6">
      <SellerProfileHeader profile={profile.data} />
      <section aria-labelledby="seller-bikes" className="flex flex-col gap-4">
        <h2 id="seller-bikes" className="text-2xl font-bold">
          Bikes for sale
        </h2>
        {bikes.length === 0 ? (
          <p className="text-base-content/75">No bikes for sale right now.</p>
        ) : (
          <BikeGrid bikes={bikes} titleAs="h3" onBuy={booking.open} onBuyIntent={booking.preload} />
        )}
      </section>
      <SellerReviews sellerId={id} />
      {booking.dialog}
    </div>
  );
}

export function ErrorBoundary() {
  return <LoaderError what="the seller" />;
}
