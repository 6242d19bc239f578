import { lazy, Suspense, useState } from "react";

// The form library and schemas load only when someone reports.
const ReportDialog = lazy(() => import("./report-dialog"));

/** 'Report this listing' under a bike that isn't the caller's own. */
export function ReportListingButton({ bike }: { bike: { id: string; title: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm self-start text-base-content/80"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
          <path d="M5 21V4m0 0h11l-2 4 2 4H5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        Report this listing
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog bike={bike} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
