import { useQuery } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router";
import { useParams, useRevalidator, useRouteError } from "react-router";
import { NotFoundState } from "../components/not-found-state";
import { LoadingState } from "../components/query-states";
import { BikeDetails } from "../features/bikes/components/bike-details";
import { bikeDetailQuery } from "../features/bookings/api";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { errorMessage, isApiError } from "../lib/api-client";
import { queryClient } from "../lib/query-client";
import { meQuery } from "../lib/session";

/** The bike arrives before the page shows; signed out, the login guard takes over. */
export async function loader({ params }: LoaderFunctionArgs) {
  const user = await queryClient.ensureQueryData(meQuery);
  if (user && params.id) await queryClient.ensureQueryData(bikeDetailQuery(params.id));
  return null;
}

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
      <BikeDetails bike={bike.data} onBuy={booking.open} onBuyIntent={booking.preload} />
      {booking.dialog}
    </>
  );
}

/** The loader failed: a bike that is gone is the not-found state, anything else is said. */
export function ErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isApiError(error) && error.status === 404) return <NotFoundState />;
  return (
    <div role="alert" className="mx-auto max-w-md p-8 text-center">
      <p className="font-semibold">Could not load the bike.</p>
      <p className="mt-1 text-base-content/80">{errorMessage(error)}</p>
      <button
        type="button"
        className="btn btn-primary mt-4"
        disabled={revalidator.state === "loading"}
        onClick={() => revalidator.revalidate()}
      >
        Try again
      </button>
    </div>
  );
}
