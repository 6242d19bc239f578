import { useInfiniteQuery } from "@tanstack/react-query";
import { LoadMore } from "#src/client/components/load-more";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { usePageTitle } from "#src/client/lib/page-title";
import { BikeGrid } from "../../bikes/components/bike-grid";
import { searchBikesQuery } from "../api";
import { useUrlFilters } from "../use-url-filters";
import { validateFilters } from "../validate-filters";
import { BikeFilters } from "./bike-filters";

interface SearchResultsProps {
  onBuy: (bike: ListedBike) => void;
  onBuyIntent: () => void;
}

/** "1,000+" past the server's counting cap: counting every match costs as much as reading it. */
export function resultCount(total: number, capped: boolean): string {
  const count = `${total.toLocaleString("en")}${capped ? "+" : ""}`;
  return `${count} ${total === 1 && !capped ? "bike" : "bikes"} found`;
}

/** /bikes: the navbar's search, with filters, sort, a count and 'Load more'. */
export function SearchResults({ onBuy, onBuyIntent }: SearchResultsProps) {
  const { filters, apply, key } = useUrlFilters("search");
  const invalid = Object.keys(validateFilters(filters, "search")).length > 0;
  const results = useInfiniteQuery({ ...searchBikesQuery(filters), enabled: !invalid });
  usePageTitle(filters.q ? `Search: ${filters.q}` : "Search bikes");
  const first = results.data?.pages[0];
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">
          {filters.q ? `Bikes matching “${filters.q}”` : "All bikes for sale"}
        </h1>
        {first ? (
          <p role="status" className="mt-1 text-base-content/80">
            {resultCount(first.total, first.totalCapped)}
          </p>
        ) : null}
      </div>
      <BikeFilters key={key} scope="search" filters={filters} onApply={apply} />
      {invalid ? (
        <EmptyState title="Fix the filters above to search." />
      ) : results.isPending ? (
        <LoadingState label="Searching..." />
      ) : results.isError ? (
        <ErrorState
          what="the bikes"
          error={results.error}
          retrying={results.isFetching}
          onRetry={() => results.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState title="No bikes match.">
          <p>
            Try fewer words, a wider price range, more years of use, or clear a filter: every filter
            must match.
          </p>
        </EmptyState>
      ) : (
        <BikeGrid
          bikes={items}
          titleAs="h2"
          onBuy={onBuy}
          onBuyIntent={onBuyIntent}
          firstRowEager
        />
      )}
      <LoadMore
        hasMore={results.hasNextPage}
        loading={results.isFetchingNextPage}
        failed={results.isFetchNextPageError}
        onLoad={() => results.fetchNextPage()}
      />
    </section>
  );
}
