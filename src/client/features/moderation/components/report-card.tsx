import { lazy, Suspense, useId, useState } from "react";
import { Link } from "react-router";
import { DeleteButton } from "#src/client/components/delete-button";
import { TimeAgo } from "#src/client/components/time-ago";
import { type Report, reportReasonLabels } from "#src/shared/schemas/moderation";
import {
  deleteListingFailed,
  useDeleteListing,
  useDismissReport,
  useHideReported,
} from "../use-moderation";

// The form library and schemas load only when an admin hides a listing.
const HideDialog = lazy(() => import("./hide-dialog"));

const resolutionLabel = { dismissed: "Dismissed", hidden: "Listing hidden" } as const;

/** One report in the admins' queue, with what they can do about it. */
export function ReportCard({ report }: { report: Report }) {
  const titleId = useId();
  const [hiding, setHiding] = useState(false);
  const dismiss = useDismissReport();
  const hide = useHideReported(report.id);
  const remove = useDeleteListing();
  const busy = dismiss.isPending || hide.isPending || remove.isPending;
  const open = report.status === "open";
  return (
    <article
      aria-labelledby={titleId}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-warning badge-soft font-semibold">
            {reportReasonLabels[report.reason]}
          </span>
          {report.bike.hidden ? <span className="badge badge-error badge-soft">Hidden</span> : null}
          {report.resolution ? (
            <span className="badge badge-ghost">{resolutionLabel[report.resolution]}</span>
          ) : null}
        </div>
        <h3 id={titleId} className="card-title text-lg break-words">
          <Link to={`/bikes/${report.bike.id}`} className="link link-hover">
            {report.bike.title}
          </Link>
        </h3>
        <p className="text-sm">
          <span className="text-base-content/75">Seller: </span>
          <Link to={`/sellers/${report.bike.seller.id}`} className="link">
            {report.bike.seller.name}
          </Link>
          <span className="text-base-content/75"> · Reported by </span>
          {report.reporter.name} <TimeAgo iso={report.createdAt} />
        </p>
        {report.details ? (
          <p className="whitespace-pre-line break-words text-base-content/85">{report.details}</p>
        ) : (
          <p className="text-sm text-base-content/70">No details given.</p>
        )}
        {open ? (
          <div className="card-actions mt-2 justify-end">
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={busy}
              onClick={() => dismiss.mutate(report.id)}
            >
              Dismiss
            </button>
            {report.bike.hidden ? null : (
              <button
                type="button"
                className="btn btn-sm btn-warning"
                disabled={busy}
                onClick={() => {
                  hide.reset();
                  setHiding(true);
                }}
              >
                Hide listing
              </button>
            )}
            <DeleteButton
              item={report.bike}
              deletion={remove}
              label="Delete listing"
              disabled={busy}
              title={`Delete ${report.bike.title}?`}
              message="The listing and its reports are removed for good and its open booking is cancelled. The seller's account stays. This can't be undone."
              confirmLabel="Delete listing"
              failed={deleteListingFailed}
            />
          </div>
        ) : null}
      </div>
      {hiding ? (
        <Suspense fallback={null}>
          <HideDialog title={report.bike.title} hiding={hide} onClose={() => setHiding(false)} />
        </Suspense>
      ) : null}
    </article>
  );
}
