import type { LoaderFunctionArgs } from "react-router";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { searchBikesQuery } from "../features/search/api";
import { SearchResults } from "../features/search/components/search-results";
import { readFilters } from "../features/search/search-params";
import { prepareFilterValidation, validateFilters } from "../features/search/validate-filters";
import { configQuery } from "../lib/config";
import type { PageData } from "../lib/page-data";
import { queryClient } from "../lib/query-client";
import { meQuery } from "../lib/session";

/**
 * The first page arrives before the page shows; back from a bike finds it
 * (and every page loaded with 'Load more') in the cache. An invalid query
 * is not sent: the page shows the schema's messages instead.
 */
export const pageData: PageData = async (client, { request }) => {
  const config = client.prefetchQuery(configQuery);
  const user = await client.ensureQueryData(meQuery);
  const filters = readFilters(new URL(request.url).searchParams, "search");
  await prepareFilterValidation(filters);
  if (user && Object.keys(validateFilters(filters, "search")).length === 0) {
    await client
      .ensureInfiniteQueryData({ ...searchBikesQuery(filters), revalidateIfStale: true })
      // The page shows the error and a retry; the loader need not fail for it.
      .catch(() => undefined);
  }
  await config;
};

export async function loader(args: LoaderFunctionArgs) {
  await pageData(queryClient, args);
  return null;
}

/** /bikes */
export function Component() {
  const booking = useBookingDialog();
  return (
    <>
      <SearchResults onBuy={booking.open} onBuyIntent={booking.preload} />
      {booking.dialog}
    </>
  );
}
