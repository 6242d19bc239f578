import { expect } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import type { BikeDetail, ListedBike, Page, WishlistEntry } from "#src/shared/schemas/bikes";
import type { Booking } from "#src/shared/schemas/bookings";
import type { User } from "#src/shared/schemas/users";
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

/** `path` with `query` added, whether or not it has a query already. */
const withQuery = (path: string, query: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${query}`;

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
  let cursor: string | null = null;
  do {
    const url: string = cursor ? withQuery(path, `cursor=${encodeURIComponent(cursor)}`) : path;
    const page: Page<T> = await expectJson<Page<T>>(
      await api.request(url, { cookie: who.cookie }),
      200,
    );
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

/**
 * What such a list answers to a made-up cursor and to limits outside 1–50
 * (or not whole numbers): 400, naming the field.
 */
export async function expectBadPageQueriesRefused(
  api: Api,
  who: { cookie: string },
  path: string,
): Promise<void> {
  for (const [query, field] of [
    ["cursor=not-a-cursor", "cursor"],
    ["limit=0", "limit"],
    ["limit=51", "limit"],
    ["limit=2.5", "limit"],
    ["limit=two", "limit"],
  ] as const) {
    const url = withQuery(path, query);
    const response = await api.request(url, { cookie: who.cookie });
    expect(response.status, url).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toHaveProperty(field);
  }
}

/** Every item of such a list, fifty a page. `path` may carry a query already. */
const everyItem = async <T>(api: Api, who: { cookie: string }, path: string): Promise<T[]> =>
  (await everyPage<T>(api, who, withQuery(path, "limit=50"))).flat();

export const myBookings = (api: Api, who: { cookie: string }) =>
  everyItem<Booking>(api, who, "/api/me/bookings");

export const mySales = (api: Api, who: { cookie: string }) =>
  everyItem<Booking>(api, who, "/api/me/sales");

/** A seller's own listings in every status, newest first. */
export const myBikes = (api: Api, who: { cookie: string }) =>
  everyItem<ListedBike>(api, who, "/api/me/bikes");

/** Every account of a type, newest first, as an admin's All sellers / All buyers page lists them. */
export const accounts = (api: Api, admin: { cookie: string }, accountType: "seller" | "buyer") =>
  everyItem<User>(api, admin, `/api/users?accountType=${accountType}`);

/** The caller's saved bikes, newest first (every page). */
export const wishlist = (api: Api, who: { cookie: string }) =>
  everyItem<WishlistEntry & { bike: BikeDetail }>(api, who, "/api/me/wishlist");

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
