import { useQuery } from "@tanstack/react-query";
import { BikePages } from "../features/bikes/components/bike-pages";
import { useBookingDialog } from "../features/bookings/use-booking-dialog";
import { categoriesQuery } from "../features/categories/api";
import { SaveSearch } from "../features/saved-searches/components/save-search";
import { searchBikesQuery } from "../features/search/api";
import { SearchResults } from "../features/search/components/search-results";
import { configQuery } from "../lib/config";
import { type PageData, waitForPageData } from "../lib/page-data";
import { readFilters } from "../lib/search-params";
import { meQuery } from "../lib/session";
import { prepareFilterValidation, validateFilters } from "../lib/validate-filters";

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

export const loader = waitForPageData(pageData);

/** /bikes */
export function Component() {
  const booking = useBookingDialog();
  const categories = useQuery(categoriesQuery);
  return (
    <>
      <SearchResults
        categories={categories.data}
        renderActions={(filters) => <SaveSearch key={JSON.stringify(filters)} filters={filters} />}
        renderBikes={(pages) => (
          <BikePages pages={pages} onBuy={booking.open} onBuyIntent={booking.preload} />
        )}
      />
      {booking.dialog}
    </>
  );
}
