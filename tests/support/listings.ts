import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { Booking, BookingPage } from "#src/shared/schemas/bookings";
import { type Api, expectJson } from "#tests/support/builders/api";

// What a signed-in browser reads back: a bike, own bookings and sales, the wishlist.

export async function viewBike(
  api: Api,
  viewer: { cookie: string },
  bikeId: string,
): Promise<BikeDetail> {
  return expectJson<BikeDetail>(
    await api.request(`/api/bikes/${bikeId}`, { cookie: viewer.cookie }),
    200,
  );
}

/** Every page of a list of bookings, followed by its cursors, newest first. */
async function everyBooking(api: Api, who: { cookie: string }, path: string): Promise<Booking[]> {
  const items: Booking[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=50&cursor=${encodeURIComponent(cursor)}` : "?limit=50";
    const page: BookingPage = await expectJson<BookingPage>(
      await api.request(`${path}${query}`, { cookie: who.cookie }),
      200,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

export const myBookings = (api: Api, who: { cookie: string }) =>
  everyBooking(api, who, "/api/me/bookings");

export const mySales = (api: Api, who: { cookie: string }) =>
  everyBooking(api, who, "/api/me/sales");

export async function wishlist(
  api: Api,
  who: { cookie: string },
): Promise<Array<{ addedAt: string; bike: BikeDetail }>> {
  const response = await api.request("/api/me/wishlist", { cookie: who.cookie });
  return (await expectJson<{ items: Array<{ addedAt: string; bike: BikeDetail }> }>(response, 200))
    .items;
}

export async function addToWishlist(
  api: Api,
  who: { cookie: string },
  bikeId: string,
): Promise<void> {
  const response = await api.request(`/api/me/wishlist/${bikeId}`, {
    method: "PUT",
    cookie: who.cookie,
  });
  if (response.status !== 204) {
    throw new Error(`PUT wishlist answered ${response.status}: ${await response.text()}`);
  }
}
