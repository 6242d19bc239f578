import { Link, useLocation } from "react-router";
import { ActionError } from "#src/client/components/action-error";
import type { ListedBike } from "#src/client/lib/bike-cache";
import { ownsBike } from "#src/shared/permissions";
import type { User } from "#src/shared/schemas/users";
import { useWishlistToggle, wishlistFailed } from "../use-wishlist-toggle";

const base =
  "btn btn-circle btn-sm border-base-300 bg-base-100/95 shadow-sm hover:bg-base-100 text-primary";

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Saves a bike to the wishlist or removes it; not shown on one's own bike. Signed out, it leads to login
 * and back here afterwards. A refusal is said just below the heart until the
 * next try; on a card that is over the photo, hence the opaque box.
 */
export function WishlistButton({
  bike,
  user,
}: {
  bike: ListedBike;
  user: User | null | undefined;
}) {
  const location = useLocation();
  const toggle = useWishlistToggle();

  // No one saves their own bike for later.
  if (ownsBike(user, bike)) return null;
  if (user === null) {
    return (
      <Link
        to="/login"
        state={{ from: location }}
        className={base}
        aria-label="Add to wishlist"
        title="Login to save bikes"
      >
        <Heart filled={false} />
      </Link>
    );
  }

  const saved = bike.wishlisted === true;
  const label = saved ? "Remove from wishlist" : "Add to wishlist";
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className={base}
        aria-pressed={saved}
        aria-label={label}
        title={label}
        // Until the session is known there is nothing to save to.
        disabled={user === undefined}
        onClick={() => {
          // One request at a time per heart, so quick double clicks can't race.
          if (!toggle.isPending) toggle.mutate({ bike, wishlisted: !saved });
        }}
      >
        <Heart filled={saved} />
      </button>
      {toggle.isError ? (
        <div className="w-48 rounded-box border border-base-300 bg-base-100 px-3 py-2 shadow-sm sm:w-56">
          <ActionError message={wishlistFailed(toggle.error, toggle.variables.wishlisted)} />
        </div>
      ) : null}
    </div>
  );
}
