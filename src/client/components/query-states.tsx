import type { ReactNode } from "react";
import { errorMessage, isServiceUnavailable } from "../lib/api-client";
import { UnavailableState } from "./unavailable-state";

/** Shown for exactly as long as a list's request runs. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-base-content/80">
      <span className="loading loading-spinner loading-md text-primary" aria-hidden="true" />
      {label}
    </div>
  );
}

/** What ErrorState needs of a failed query (TanStack Query's result has all three). */
interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A failed request, said in words, with a way to try again. */
export function ErrorState({ what, query }: { what: string; query: FailedQuery }) {
  if (isServiceUnavailable(query.error))
    return <UnavailableState retrying={query.isFetching} onRetry={() => query.refetch()} />;
  return (
    <div role="alert" className="alert alert-error alert-soft my-6 flex-wrap">
      <span>
        Could not load {what}. {errorMessage(query.error)}
      </span>
      <button
        type="button"
        className="btn btn-sm"
        disabled={query.isFetching}
        onClick={() => query.refetch()}
      >
        {query.isFetching ? "Retrying..." : "Try again"}
      </button>
    </div>
  );
}

/** A list with nothing in it: what that means, and where to go next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="my-6 rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children ? <div className="mt-2 text-base-content/80">{children}</div> : null}
    </div>
  );
}
