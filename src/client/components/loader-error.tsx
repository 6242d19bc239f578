import { useRevalidator, useRouteError } from "react-router";
import { errorMessage, isApiError, isServiceUnavailable } from "../lib/api-client";
import { NotFoundState } from "./not-found-state";
import { UnavailableState } from "./unavailable-state";

/**
 * A route's loader failed: what is gone (404) is the not-found state,
 * anything else is said, with a way to try again. `what` names what could
 * not be loaded ("the bike", "the bikes").
 */
export function LoaderError({ what }: { what: string }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isApiError(error) && error.status === 404) return <NotFoundState />;
  if (isServiceUnavailable(error)) {
    return (
      <UnavailableState
        retrying={revalidator.state === "loading"}
        onRetry={() => revalidator.revalidate()}
      />
    );
  }
  return (
    <div role="alert" className="mx-auto max-w-md p-8 text-center">
      <p className="font-semibold">Could not load {what}.</p>
      <p className="mt-1 text-base-content/80">{errorMessage(error)}</p>
      <button
        type="button"
        className="btn btn-primary mt-4"
        disabled={revalidator.state === "loading"}
        onClick={() => revalidator.revalidate()}
      >
        Try again
      </button>
    </div>
  );
}
