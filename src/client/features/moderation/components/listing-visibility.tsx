import { lazy, Suspense, useState } from "react";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import { useHideListing, useShowListing } from "../use-moderation";

// The form library and schemas load only when an admin hides a listing.
const HideDialog = lazy(() => import("./hide-dialog"));

/** On a bike's page, for admins: take the listing down, or show it again. */
export function ListingVisibility({ bike }: { bike: Pick<BikeDetail, "id" | "title" | "hidden"> }) {
  const [hiding, setHiding] = useState(false);
  const hide = useHideListing(bike.id);
  const show = useShowListing();
  return (
    <div className="flex flex-wrap gap-2">
      {bike.hidden ? (
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={show.isPending}
          onClick={() => show.mutate(bike.id)}
        >
          {show.isPending ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : null}
          Show listing again
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline btn-warning"
          onClick={() => {
            hide.reset();
            setHiding(true);
          }}
        >
          Hide listing
        </button>
      )}
      {hiding ? (
        <Suspense fallback={null}>
          <HideDialog title={bike.title} hiding={hide} onClose={() => setHiding(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
