import { type ReactNode, useRef } from "react";
import { LoadMore, type NextPages } from "#src/client/components/load-more";
import type { Booking } from "#src/shared/schemas/bookings";

interface BookingPagesProps {
  /** The list's query, for its next page. */
  pages: NextPages;
  /** Every booking of the pages so far, newest first. */
  bookings: Booking[];
  card: (booking: Booking) => ReactNode;
}

/** A list of bookings fetched a page at a time: the cards so far and 'Load more' for older ones. */
export function BookingPages({ pages, bookings, card }: BookingPagesProps) {
  const list = useRef<HTMLUListElement>(null);
  return (
    <>
      <ul ref={list} className="mt-6 grid gap-4 2xl:grid-cols-2">
        {bookings.map((booking) => (
          <li key={booking.id}>{card(booking)}</li>
        ))}
      </ul>
      <LoadMore what="bookings" pages={pages} list={list} />
    </>
  );
}
