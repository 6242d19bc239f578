import { lazy, Suspense } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { errorMessage, isServiceUnavailable } from "../lib/api-client";

// Only while the database is away, when the server still sends its files: not in the first download.
const UnavailableState = lazy(() =>
  import("./unavailable-state").then((module) => ({ default: module.UnavailableState })),
);

/**
 * Last line of defence for a route that failed to load or render, e.g. a
 * page's code that can't be fetched after a new release.
 */
export function RouteError() {
  const error = useRouteError();
  if (isServiceUnavailable(error)) {
    return (
      <main className="flex min-h-[60vh] items-center justify-center">
        <Suspense fallback={null}>
          <UnavailableState onRetry={() => window.location.reload()} />
        </Suspense>
      </main>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : errorMessage(error);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-base-content/80">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" className="btn btn-outline" reloadDocument>
          Go To Home page
        </Link>
      </div>
    </main>
  );
}
