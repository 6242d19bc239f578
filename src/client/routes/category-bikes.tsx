import type { LoaderFunctionArgs } from "react-router";
import { useParams, useRevalidator, useRouteError } from "react-router";
import { NotFoundState } from "../components/not-found-state";
import { categoryBikesQuery } from "../features/bikes/api";
import { CategoryBikes } from "../features/bikes/components/category-bikes";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { readFilters } from "../features/search/search-params";
import { prepareFilterValidation, validateFilters } from "../features/search/validate-filters";
import { errorMessage, isApiError } from "../lib/api-client";
import { configQuery } from "../lib/config";
import { queryClient } from "../lib/query-client";
import { meQuery } from "../lib/session";

/**
 * The first page of bikes arrives before the page shows. Signed out, nothing
 * is fetched: the login guard around this route sends the visitor to login.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(configQuery);
  const user = await queryClient.ensureQueryData(meQuery);
  const filters = readFilters(new URL(request.url).searchParams, "category");
  await prepareFilterValidation(filters);
  // An invalid query is not sent: the page shows the schema's messages by the fields.
  const valid = Object.keys(validateFilters(filters, "category")).length === 0;
  if (user && params.id && valid) {
    // A cached list shows at once and is refreshed behind it: others book bikes meanwhile.
    await queryClient.ensureInfiniteQueryData({
      ...categoryBikesQuery(params.id, filters),
      revalidateIfStale: true,
    });
  }
  return null;
}

/** /title/:id */
export function Component() {
  const { id = "" } = useParams();
  const booking = useBookingDialog();
  return (
    <>
      <CategoryBikes categoryId={id} onBuy={booking.open} onBuyIntent={booking.preload} />
      {booking.dialog}
    </>
  );
}

/** The loader failed: an unknown category is the not-found state, anything else is said. */
export function ErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isApiError(error) && error.status === 404) return <NotFoundState />;
  return (
    <div role="alert" className="mx-auto max-w-md p-8 text-center">
      <p className="font-semibold">Could not load the bikes.</p>
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
