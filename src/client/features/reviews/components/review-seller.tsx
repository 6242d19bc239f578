import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { LoadingState } from "#src/client/components/query-states";
import type { Booking } from "#src/shared/schemas/bookings";

// The form, its schema and the form library load when the buyer opens it: the dashboard stays light.
const ReviewForm = lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));

/**
 * 'Review the seller' on a completed booking of My booking: a rating and
 * optional words, once. After it is sent the card says so and links to the
 * seller's profile, where the review shows.
 */
export function ReviewSeller({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (booking.status !== "completed" || !booking.seller.id) return null;
  const profile = `/sellers/${booking.seller.id}`;
  if (booking.reviewed || sent) {
    return (
      <p role={sent ? "status" : undefined} className="w-full text-sm">
        You reviewed {booking.seller.name}.{" "}
        <Link to={profile} className="link">
          See their profile
        </Link>
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(true)}>
        Review the seller
      </button>
    );
  }
  return (
    <Suspense fallback={<LoadingState label="Loading the review form..." />}>
      <ReviewForm
        booking={booking}
        onCancel={() => setOpen(false)}
        onSent={() => {
          setOpen(false);
          setSent(true);
        }}
      />
    </Suspense>
  );
}
