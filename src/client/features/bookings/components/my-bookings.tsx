import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import type { Booking } from "#src/shared/schemas/bookings";
import { myBookingsQuery } from "../api";
import { MyBookingCard } from "./my-booking-card";

/** The caller's own bookings, newest first; `reviewFor` offers a review of a booking's seller. */
export function MyBookings({ reviewFor }: { reviewFor?: (booking: Booking) => ReactNode } = {}) {
  const bookings = useQuery(myBookingsQuery);
  if (bookings.isPending) return <LoadingState label="Loading your bookings..." />;
  if (bookings.isError) {
    return <ErrorState what="your bookings" query={bookings} />;
  }
  if (bookings.data.items.length === 0) {
    return (
      <EmptyState title="You have no bookings yet.">
        <p>Find a bike you like and press 'Buy' to book it.</p>
        <Link to="/#categories" className="btn btn-primary mt-4">
          Browse bikes
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="mt-6 grid gap-4 2xl:grid-cols-2">
      {bookings.data.items.map((booking) => (
        <li key={booking.id}>
          <MyBookingCard booking={booking} review={reviewFor?.(booking)} />
        </li>
      ))}
    </ul>
  );
}
