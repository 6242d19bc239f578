import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { Booking } from "#src/shared/schemas/bookings";
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

export async function myBookings(api: Api, who: { cookie: string }): Promise<Booking[]> {
  const response = await api.request("/api/me/bookings", { cookie: who.cookie });
  return (await expectJson<{ items: Booking[] }>(response, 200)).items;
}

export async function mySales(api: Api, who: { cookie: string }): Promise<Booking[]> {
  const response = await api.request("/api/me/sales", { cookie: who.cookie });
  return (await expectJson<{ items: Booking[] }>(response, 200)).items;
}

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
