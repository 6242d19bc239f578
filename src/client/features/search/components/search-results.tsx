import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BikeFilters } from "#src/client/components/bike-filters";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { usePageTitle } from "#src/client/lib/page-title";
import type { Filters } from "#src/client/lib/search-params";
import { useUrlFilters } from "#src/client/lib/use-url-filters";
import { validateFilters } from "#src/client/lib/validate-filters";
import { groupedNumber } from "#src/shared/numbers";
import type { Category } from "#src/shared/schemas/categories";
import type { SearchResults as SearchPage } from "#src/shared/schemas/search";
import { searchBikesQuery } from "../api";

type SearchPages = UseInfiniteQueryResult<InfiniteData<SearchPage, unknown>>;

interface SearchResultsProps {
  /** The category filter's choices. */
  categories?: Category[];
  /** Renders the matches found so far (the bikes feature's cards, wired by the route). */
  renderBikes: (pages: SearchPages) => ReactNode;
  /** Actions on the valid filters shown, e.g. 'Save this search' (wired by the route). */
  renderActions?: (filters: Filters) => ReactNode;
}

/** "1,000+" past the server's counting cap: counting every match costs as much as reading it. */
export function resultCount(total: number, capped: boolean): string {
  const count = `${groupedNumber(total)}${capped ? "+" : ""}`;
  return `${count} ${total === 1 && !capped ? "bike" : "bikes"} found`;
}

/** /bikes: the navbar's search, with filters, sort, a count and 'Load more'. */
export function SearchResults({ categories, renderBikes, renderActions }: SearchResultsProps) {
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
      <BikeFilters
        key={key}
        scope="search"
        categories={categories}
        filters={filters}
        onApply={apply}
      />
      {renderActions && !invalid ? renderActions(filters) : null}
      {invalid ? (
        <EmptyState title="Fix the filters above to search." />
      ) : results.isPending ? (
        <LoadingState label="Searching..." />
      ) : results.isError ? (
        <ErrorState what="the bikes" query={results} />
      ) : items.length === 0 ? (
        <EmptyState title="No bikes match.">
          <p>
            Try fewer words, a wider price range, more years of use, or clear a filter: every filter
            must match.
          </p>
        </EmptyState>
      ) : (
        renderBikes(results)
      )}
    </section>
  );
}
