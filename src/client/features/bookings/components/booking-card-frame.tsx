import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { TimeAgo } from "#src/client/components/time-ago";
import { photoSources } from "#src/client/lib/photo-sources";
import type { Booking, BookingStatus } from "#src/shared/schemas/bookings";
import { BookingStatusBadge } from "./booking-status-badge";

/**
 * The part every booking card shares: the bike as it was when booked (its
 * snapshot, stored even after the bike is deleted), linked to the bike's
 * page while it is listed, and status. `price` is the price as one side sees
 * it, `children` the details it sees and `actions` its buttons.
 */
export function BookingCardFrame({
  booking,
  price,
  children,
  actions,
}: {
  booking: Booking;
  price: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const titleId = useId();
  return (
    <article
      id={`booking-${booking.id}`}
      aria-labelledby={titleId}
      className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm sm:card-side"
    >
      <figure className="aspect-[4/3] shrink-0 bg-base-200 sm:aspect-auto sm:w-48">
        <img
          // Full width on a phone, a 192 px column beside the details from sm up.
          {...photoSources(booking.bike.imageUrl, "(min-width: 640px) 192px, 100vw")}
          alt={booking.bike.title}
          width="800"
          height="600"
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="card-title text-lg leading-snug">
            {booking.bikeId ? (
              <Link to={`/bikes/${booking.bikeId}`} className="link-hover focus-visible:underline">
                {booking.bike.title}
              </Link>
            ) : (
              booking.bike.title
            )}
          </h3>
          <BookingStatusBadge status={booking.status} />
        </div>
        {price}
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">{children}</dl>
        <p className="text-xs text-base-content/75">
          <TimeAgo iso={booking.createdAt} prefix="Booked" />
          {booking.status === "pending" ? null : (
            <>
              {" · "}
              <TimeAgo iso={booking.updatedAt} prefix={STATUS_CHANGED[booking.status]} />
            </>
          )}
        </p>
        {actions ? <div className="card-actions mt-1 justify-end">{actions}</div> : null}
      </div>
    </article>
  );
}

/** How a card says when its booking reached its status ("Cancelled 2 hours ago"). */
const STATUS_CHANGED: Record<Exclude<BookingStatus, "pending">, string> = {
  accepted: "Accepted",
  declined: "Declined",
  cancelled: "Cancelled",
  completed: "Sold",
  expired: "Expired",
};

/** One line of a booking card's details. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-base-content/75">{term}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </>
  );
}
