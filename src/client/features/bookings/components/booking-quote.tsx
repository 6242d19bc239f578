import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { errorMessage } from "#src/client/lib/api-client";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import { QuoteSummary } from "./quote-summary";

/** The quote's box in the booking dialog: loading, failed, or the prices. */
export function BookingQuote({ detail }: { detail: UseQueryResult<BikeDetail> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-box bg-base-200 p-4">
      <h3 id={headingId} className="mb-2 font-semibold">
        Your price
      </h3>
      {detail.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-base-content/80">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Working out your price...
        </p>
      ) : detail.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-error">
          <span>Could not load your price. {errorMessage(detail.error)}</span>
          <button
            type="button"
            className="btn btn-xs"
            disabled={detail.isFetching}
            onClick={() => detail.refetch()}
          >
            Try again
          </button>
        </div>
      ) : (
        <QuoteSummary quote={detail.data.quote} />
      )}
    </section>
  );
}
