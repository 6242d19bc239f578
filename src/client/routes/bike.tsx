import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate, useParams, useRouteError } from "react-router";
import { isAdmin } from "#src/shared/permissions";
import { LoaderError } from "../components/loader-error";
import { LoadingState } from "../components/query-states";
import { BikeDetails } from "../features/bikes/components/bike-details";
import { BikeNotListed } from "../features/bikes/components/bike-not-listed";
import { bikeDetailQuery } from "../features/bookings/api";
import { QuoteSummary } from "../features/bookings/components/quote-summary";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { categoriesQuery } from "../features/categories/api";
import { MessageSeller } from "../features/conversations/components/message-seller";
import { ListingVisibility } from "../features/moderation/components/listing-visibility";
import { ReportListingButton } from "../features/moderation/components/report-listing-button";
import { isApiError } from "../lib/api-client";
import { findCachedBike } from "../lib/bike-cache";
import { configQuery } from "../lib/config";
import { cameToBook } from "../lib/login-state";
import { type PageData, waitForPageData } from "../lib/page-data";
import { meQuery, useMe } from "../lib/session";

/** The bike (and the currency its prices are in) arrive before the page shows; signed out, the login guard takes over. */
export const pageData: PageData = async (client, { params }) => {
  const config = client.prefetchQuery(configQuery);
  const user = await client.ensureQueryData(meQuery);
  if (user && params.id) await client.ensureQueryData(bikeDetailQuery(params.id));
  await config;
};

export const loader = waitForPageData(pageData);

/** /bikes/:id */
export function Component() {
  const { id = "" } = useParams();
  const bike = useQuery(bikeDetailQuery(id));
  const { data: user } = useMe();
  const booking = useBookingDialog();
  const location = useLocation();
  const navigate = useNavigate();

  // Back from the login 'Buy' asked for: the booking dialog opens, once.
  const bookable = bike.data?.status === "available" && !bike.data.ownBike;
  const openBooking = booking.open;
  useEffect(() => {
    if (!cameToBook(location.state) || !bike.data) return;
    if (bookable) openBooking(bike.data);
    void navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, bike.data, bookable, openBooking, navigate]);

  if (bike.isPending) return <LoadingState label="Loading the bike..." />;
  if (bike.isError) {
    if (isApiError(bike.error) && bike.error.status === 404) return <GoneBike id={id} />;
    return <LoaderError what="the bike" />;
  }
  return (
    <>
      <BikeDetails
        bike={bike.data}
        quote={<QuoteSummary quote={bike.data.quote} />}
        onBuy={booking.open}
        onBuyIntent={booking.preload}
        moderation={
          <>
            {bike.data.ownBike ? null : <ReportListingButton bike={bike.data} />}
            {isAdmin(user) ? <ListingVisibility bike={bike.data} /> : null}
          </>
        }
        contact={<MessageSeller bikeId={bike.data.id} sellerName={bike.data.seller.name} />}
      />
      {booking.dialog}
    </>
  );
}

/** A bike that is gone says so, with the way back to its brand; other failures are said. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { id = "" } = useParams();
  if (isApiError(error) && error.status === 404) return <GoneBike id={id} />;
  return <LoaderError what="the bike" />;
}

/** Its brand is known when a list the visitor saw held the bike; the 404 tells nothing more. */
function GoneBike({ id }: { id: string }) {
  const brands = useQuery(categoriesQuery);
  const seen = findCachedBike(id);
  const brand = seen ? { id: seen.categoryId, name: seen.categoryName } : null;
  return <BikeNotListed brand={brand} brands={brands.data ?? []} />;
}
