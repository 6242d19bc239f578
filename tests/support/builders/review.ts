import type { Review, ReviewInput } from "#src/shared/schemas/reviews";
import { type Api, expectJson } from "#tests/support/builders/api";
import { listBike } from "#tests/support/builders/bike";
import { book, moveBooking } from "#tests/support/builders/booking";

/** A booking brought to completed: the buyer books, the seller accepts, then marks it sold. */
export async function completedBooking(
  api: Api,
  seller: { cookie: string },
  buyer: { cookie: string },
  categoryId: string,
): Promise<{ bookingId: string; bikeId: string }> {
  const bike = await listBike(api, seller, categoryId);
  const booking = await book(api, buyer, bike.id);
  await moveBooking(api, seller, booking.id, "accepted");
  await moveBooking(api, seller, booking.id, "completed");
  return { bookingId: booking.id, bikeId: bike.id };
}

export function requestReview(
  api: Api,
  who: { cookie: string },
  bookingId: string,
  body: unknown = { rating: 5, text: "Honest seller, the bike was as described." },
): Promise<Response> {
  return api.request(`/api/bookings/${bookingId}/review`, { body, cookie: who.cookie });
}

/** Reviews a booking's seller and expects it to work. */
export async function review(
  api: Api,
  buyer: { cookie: string },
  bookingId: string,
  input: ReviewInput = { rating: 5 },
): Promise<Review> {
  return expectJson<Review>(await requestReview(api, buyer, bookingId, input), 201);
}

export function requestReply(
  api: Api,
  who: { cookie: string },
  reviewId: string,
  text = "Thank you, ride safe!",
): Promise<Response> {
  return api.request(`/api/reviews/${reviewId}/reply`, { body: { text }, cookie: who.cookie });
}

export function requestRemoval(
  api: Api,
  who: { cookie: string },
  reviewId: string,
  reason = "Insults the seller",
): Promise<Response> {
  return api.request(`/api/reviews/${reviewId}`, {
    method: "DELETE",
    body: { reason },
    cookie: who.cookie,
  });
}
