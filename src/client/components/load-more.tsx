import type { UseInfiniteQueryResult } from "@tanstack/react-query";

/** What 'Load more' needs of a list fetched a page at a time (TanStack Query's infinite query). */
export type NextPages = Pick<
  UseInfiniteQueryResult,
  "hasNextPage" | "isFetchingNextPage" | "isFetchNextPageError" | "fetchNextPage"
>;

interface LoadMoreProps {
  pages: NextPages;
  /** What the list holds, for the failure: "Could not load more <what>." */
  what: string;
}

/** 'Load more' under a list paged by cursor, and what went wrong when it did. */
export function LoadMore({ pages, what }: LoadMoreProps) {
  return (
    <>
      {pages.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            className="btn btn-outline btn-wide"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? (
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
      {pages.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-error">
          Could not load more {what}. Please try again.
        </p>
      ) : null}
    </>
  );
}
