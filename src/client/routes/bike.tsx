import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoaderError } from "../components/loader-error";
import { NotFoundState } from "../components/not-found-state";
import { LoadingState } from "../components/query-states";
import { BikeDetails } from "../features/bikes/components/bike-details";
import { bikeDetailQuery } from "../features/bookings/api";
import { QuoteSummary } from "../features/bookings/components/quote-summary";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { isApiError } from "../lib/api-client";
import { configQuery } from "../lib/config";
import { type PageData, waitForPageData } from "../lib/page-data";
import { meQuery } from "../lib/session";

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
  const booking = useBookingDialog();
  if (bike.isPending) return <LoadingState label="Loading the bike..." />;
  if (bike.isError) {
    if (isApiError(bike.error) && bike.error.status === 404) return <NotFoundState />;
    return <ErrorBoundary />;
  }
  return (
    <>
      <BikeDetails
        bike={bike.data}
        quote={<QuoteSummary quote={bike.data.quote} />}
        onBuy={booking.open}
        onBuyIntent={booking.preload}
      />
      {booking.dialog}
    </>
  );
}

/** The loader failed: a bike that is gone is the not-found state, anything else is said. */
export function ErrorBoundary() {
  return <LoaderError what="the bike" />;
}
