import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import type {
  Booking,
  BookingInput,
  BookingPage,
  BookingStatus,
} from "#src/shared/schemas/bookings";
import { api } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** One bike with the price this caller would pay now (the quote), for the booking dialog. */
export const bikeDetailQuery = (bikeId: string) =>
  queryOptions({
    queryKey: queryKeys.bikeDetail(bikeId),
    queryFn: ({ signal }) =>
      api<BikeDetail>(`/api/bikes/${encodeURIComponent(bikeId)}`, { signal }),
    // The quote depends on the buyer's other bookings: always ask afresh when the dialog opens.
    staleTime: 0,
  });

/** A list of bookings paged by cursor: the first page newest, each next one older. */
const bookingPagesQuery = (queryKey: readonly string[], path: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api<BookingPage>(pageParam ? `${path}?cursor=${encodeURIComponent(pageParam)}` : path, {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The other side changes these (a seller accepts, a buyer books): ask afresh on each visit.
    staleTime: 0,
  });

export const myBookingsQuery = bookingPagesQuery(queryKeys.myBookings, "/api/me/bookings");

export const salesQuery = bookingPagesQuery(queryKeys.sales, "/api/me/sales");

/** `idempotencyKey`: one per booking the buyer means to make, reused on retry (docs/api.md). */
export function createBooking(input: BookingInput, idempotencyKey: string): Promise<Booking> {
  return api<Booking>("/api/bookings", {
    body: input,
    headers: { "idempotency-key": idempotencyKey },
  });
}

export function changeBookingStatus(bookingId: string, status: BookingStatus): Promise<Booking> {
  return api<Booking>(`/api/bookings/${encodeURIComponent(bookingId)}`, {
    method: "PATCH",
    body: { status },
  });
}
