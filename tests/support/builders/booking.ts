import type { Booking, BookingInput, BookingStatus } from "#src/shared/schemas/bookings";
import { type Api, expectJson } from "#tests/support/builders/api";

/** A complete, valid booking request for a bike; override any field. */
export function buildBooking(bikeId: string, overrides: Partial<BookingInput> = {}): BookingInput {
  return { bikeId, phone: "+8801911000002", meetingLocation: "Gulshan 2 circle", ...overrides };
}

export function requestBooking(
  api: Api,
  buyer: { cookie: string },
  bikeId: string,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  return api.request("/api/bookings", {
    body: { ...buildBooking(bikeId), ...extra },
    cookie: buyer.cookie,
  });
}

/** Books a bike and expects it to work. */
export async function book(api: Api, buyer: { cookie: string }, bikeId: string): Promise<Booking> {
  return expectJson<Booking>(await requestBooking(api, buyer, bikeId), 201);
}

export function requestStatus(
  api: Api,
  who: { cookie: string },
  bookingId: string,
  status: BookingStatus,
): Promise<Response> {
  return api.request(`/api/bookings/${bookingId}`, {
    method: "PATCH",
    body: { status },
    cookie: who.cookie,
  });
}

/** Moves a booking and expects it to work. */
export async function moveBooking(
  api: Api,
  who: { cookie: string },
  bookingId: string,
  status: BookingStatus,
): Promise<Booking> {
  return expectJson<Booking>(await requestStatus(api, who, bookingId, status), 200);
}
