import type { BikeDetail, ListedBike, Page } from "#src/shared/schemas/bikes";
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

/**
 * Every page of a list paged by cursor (docs/api.md), each page's items,
 * following `nextCursor` to the last page. `path` may carry a query already.
 */
export async function everyPage<T>(
  api: Api,
  who: { cookie: string },
  path: string,
): Promise<T[][]> {
  const pages: T[][] = [];
  const separator = path.includes("?") ? "&" : "?";
  let cursor: string | null = null;
  do {
    const url: string = cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path;
    const page: Page<T> = await expectJson<Page<T>>(
      await api.request(url, { cookie: who.cookie }),
      200,
    );
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

/** Every item of such a list, fifty a page. */
const everyItem = async <T>(api: Api, who: { cookie: string }, path: string): Promise<T[]> =>
  (await everyPage<T>(api, who, `${path}?limit=50`)).flat();

export const myBookings = (api: Api, who: { cookie: string }) =>
  everyItem<Booking>(api, who, "/api/me/bookings");

export const mySales = (api: Api, who: { cookie: string }) =>
  everyItem<Booking>(api, who, "/api/me/sales");

/** A seller's own listings in every status, newest first. */
export const myBikes = (api: Api, who: { cookie: string }) =>
  everyItem<ListedBike>(api, who, "/api/me/bikes");

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
