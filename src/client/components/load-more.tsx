interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
}

/** 'Load more' under a list paged by cursor, and what went wrong when it did. */
export function LoadMore({ hasMore, loading, failed, onLoad }: LoadMoreProps) {
  return (
    <>
      {hasMore ? (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            className="btn btn-outline btn-wide"
            disabled={loading}
            onClick={onLoad}
          >
            {loading ? (
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
      {failed ? (
        <p role="alert" className="mt-3 text-center text-sm text-error">
          Could not load more bikes. Please try again.
        </p>
      ) : null}
    </>
  );
}
