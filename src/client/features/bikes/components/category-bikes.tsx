import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { BikeFilters } from "#src/client/components/bike-filters";
import { NotFoundState } from "#src/client/components/not-found-state";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import { isApiError } from "#src/client/lib/api-client";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { usePageTitle } from "#src/client/lib/page-title";
import { useUrlFilters } from "#src/client/lib/use-url-filters";
import { validateFilters } from "#src/client/lib/validate-filters";
import { categoryBikesQuery } from "../api";
import { BikePages } from "./bike-pages";

interface CategoryBikesProps {
  categoryId: string;
  onBuy: (bike: ListedBike) => void;
  onBuyIntent: () => void;
}

/** A brand's bikes with the search's filters and sort, and 'Load more' for the next page. */
export function CategoryBikes({ categoryId, onBuy, onBuyIntent }: CategoryBikesProps) {
  const { filters, apply, key } = useUrlFilters("category");
  const invalid = Object.keys(validateFilters(filters, "category")).length > 0;
  const bikes = useInfiniteQuery({ ...categoryBikesQuery(categoryId, filters), enabled: !invalid });
  const filtered = Object.keys(filters).length > 0;
  const name = bikes.data?.pages[0]?.category.name;
  usePageTitle(name ?? "Category");

  if (bikes.isPending && !invalid) return <LoadingState label="Loading bikes..." />;
  if (bikes.isError) {
    if (isApiError(bikes.error) && bikes.error.status === 404) return <NotFoundState />;
    return (
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6">
        <ErrorState what="the bikes" query={bikes} />
      </div>
    );
  }

  const items = bikes.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">Brand</p>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{name ?? "Category"}</h1>
      <p className="mt-2 mb-6 text-base-content/80">
        Every {name} bike on ReRide. Booked and sold ones stay listed with their status.
      </p>
      <div className="mb-6">
        <BikeFilters key={key} scope="category" filters={filters} onApply={apply} />
      </div>
      {invalid ? (
        <EmptyState title="Fix the filters above to see bikes." />
      ) : items.length === 0 && filtered ? (
        <EmptyState title="No bikes match these filters.">
          <p>Try a wider price range, more years of use, or clear a filter.</p>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState title={`No ${name} bikes yet.`}>
          <p>Sellers haven't listed any bikes of this brand. Try another one.</p>
          <Link to="/#categories" className="btn btn-primary mt-4">
            Browse by brand
          </Link>
        </EmptyState>
      ) : (
        <BikePages pages={bikes} onBuy={onBuy} onBuyIntent={onBuyIntent} />
      )}
    </section>
  );
}
