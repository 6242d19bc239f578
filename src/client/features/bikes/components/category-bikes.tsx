import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { NotFoundState } from "../../../components/not-found-state";
import { EmptyState, ErrorState, LoadingState } from "../../../components/query-states";
import { isApiError } from "../../../lib/api-client";
import type { ListedBike } from "../../../lib/bike-cache";
import { usePageTitle } from "../../../lib/page-title";
import { categoryBikesQuery } from "../api";
import { BikeGrid } from "./bike-grid";

interface CategoryBikesProps {
  categoryId: string;
  onBuy: (bike: ListedBike) => void;
  onBuyIntent: () => void;
}

/** A brand's bikes, newest first, with 'Load more' for the next page. */
export function CategoryBikes({ categoryId, onBuy, onBuyIntent }: CategoryBikesProps) {
  const bikes = useInfiniteQuery(categoryBikesQuery(categoryId));
  const name = bikes.data?.pages[0]?.category.name;
  usePageTitle(name ?? "Category");

  if (bikes.isPending) return <LoadingState label="Loading bikes..." />;
  if (bikes.isError) {
    if (isApiError(bikes.error) && bikes.error.status === 404) return <NotFoundState />;
    return (
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6">
        <ErrorState
          what="the bikes"
          error={bikes.error}
          retrying={bikes.isFetching}
          onRetry={() => bikes.refetch()}
        />
      </div>
    );
  }

  const items = bikes.data.pages.flatMap((page) => page.items);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">Brand</p>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{name}</h1>
      <p className="mt-2 mb-6 text-base-content/80">
        Every {name} bike on ReRide, newest first. Booked and sold ones stay listed with their
        status.
      </p>
      {items.length === 0 ? (
        <EmptyState title={`No ${name} bikes yet.`}>
          <p>Sellers haven't listed any bikes of this brand. Try another one.</p>
          <Link to="/#categories" className="btn btn-primary mt-4">
            Browse by brand
          </Link>
        </EmptyState>
      ) : (
        <BikeGrid bikes={items} titleAs="h2" onBuy={onBuy} onBuyIntent={onBuyIntent} />
      )}
      {bikes.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            className="btn btn-outline btn-wide"
            disabled={bikes.isFetchingNextPage}
            onClick={() => bikes.fetchNextPage()}
          >
            {bikes.isFetchingNextPage ? (
              <>
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                Loading...
              </>
            ) : (
              "Load more"
            )}
          </button>
        </div>
      ) : null}
      {bikes.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-error">
          Could not load more bikes. Please try again.
        </p>
      ) : null}
    </section>
  );
}
