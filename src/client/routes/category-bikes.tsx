import { useParams } from "react-router";
import { LoaderError } from "../components/loader-error";
import { categoryBikesQuery } from "../features/bikes/api";
import { CategoryBikes } from "../features/bikes/components/category-bikes";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { configQuery } from "../lib/config";
import { type PageData, waitForPageData } from "../lib/page-data";
import { readFilters } from "../lib/search-params";
import { meQuery } from "../lib/session";
import { prepareFilterValidation, validateFilters } from "../lib/validate-filters";

/**
 * The first page of bikes arrives before the page shows. Signed out, nothing
 * is fetched: the login guard around this route sends the visitor to login.
 */
export const pageData: PageData = async (client, { params, request }) => {
  const config = client.prefetchQuery(configQuery);
  const user = await client.ensureQueryData(meQuery);
  const filters = readFilters(new URL(request.url).searchParams, "category");
  await prepareFilterValidation(filters);
  // An invalid query is not sent: the page shows the schema's messages by the fields.
  const valid = Object.keys(validateFilters(filters, "category")).length === 0;
  if (user && params.id && valid) {
    // A cached list shows at once and is refreshed behind it: others book bikes meanwhile.
    await client.ensureInfiniteQueryData({
      ...categoryBikesQuery(params.id, filters),
      revalidateIfStale: true,
    });
  }
  await config;
};

export const loader = waitForPageData(pageData);

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
  return <LoaderError what="the bikes" />;
}
