import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingState } from "#src/client/components/query-states";
import type { Booking } from "#src/shared/schemas/bookings";
import { myBookingsQuery } from "../api";
import { BookingPages } from "./booking-pages";
import { MyBookingCard } from "./my-booking-card";

/** The caller's own bookings, newest first, a page at a time; `reviewFor` offers a review of a booking's seller. */
export function MyBookings({ reviewFor }: { reviewFor?: (booking: Booking) => ReactNode } = {}) {
  const bookings = useInfiniteQuery(myBookingsQuery);
  if (bookings.isPending) return <LoadingState label="Loading your bookings..." />;
  if (bookings.isError) {
    return <ErrorState what="your bookings" query={bookings} />;
  }
  const items = bookings.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
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
    <BookingPages
      pages={bookings}
      bookings={items}
      card={(booking) => <MyBookingCard booking={booking} review={reviewFor?.(booking)} />}
    />
  );
}
