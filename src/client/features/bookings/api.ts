import { queryOptions } from "@tanstack/react-query";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { Booking, BookingInput, BookingStatus } from "#src/shared/schemas/bookings";
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

export const myBookingsQuery = queryOptions({
  queryKey: queryKeys.myBookings,
  queryFn: ({ signal }) => api<{ items: Booking[] }>("/api/me/bookings", { signal }),
  // The other side changes these (a seller accepts, a buyer books): ask afresh on each visit.
  staleTime: 0,
});

export const salesQuery = queryOptions({
  queryKey: queryKeys.sales,
  queryFn: ({ signal }) => api<{ items: Booking[] }>("/api/me/sales", { signal }),
  staleTime: 0,
});

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
