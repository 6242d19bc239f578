import { expect } from "vitest";
import type { SearchResults } from "#src/shared/schemas/search";
import { signIn, signUp } from "#tests/support/accounts";
import {
  type Bike,
  bikeInput,
  buildBike,
  type CategoryIds,
  categoryIds,
} from "#tests/support/builders/bike";
import { requestBooking } from "#tests/support/builders/booking";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from "#tests/support/test-app";

// Helpers for the search tests: real accounts and listings made through the API.

export type ListedBike = SearchResults["items"][number];

export interface Market {
  t: TestApp;
  buyer: string;
  /** An unverified seller and a verified one (session cookies). */
  seller: string;
  verifiedSeller: string;
  admin: string;
  categories: CategoryIds;
}

/** Accounts and categories, with the demo listings removed so each test knows every bike. */
export async function openMarket(t: TestApp): Promise<Market> {
  await t.deps.db.deleteFrom("bikes").execute();
  const [buyer, seller, verifiedSeller, admin] = await Promise.all([
    signUp(t, { accountType: "buyer" }),
    signUp(t, { accountType: "seller", name: "Plain Seller" }),
    signUp(t, { accountType: "seller", name: "Verified Seller" }),
    signIn(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  ]);
  const me = (await (await t.request("/api/me", { cookie: verifiedSeller })).json()) as {
    id: string;
  };
  const verified = await t.request(`/api/users/${me.id}`, {
    method: "PATCH",
    body: { verified: true },
    cookie: admin,
  });
  expect(verified.status).toBe(200);
  return { t, buyer, seller, verifiedSeller, admin, categories: await categoryIds(t) };
}

export type NewBike = Partial<Bike> & { cookie?: string };

/** Lists a built bike as the plain seller, or as the seller whose cookie is given. */
export async function addBike(market: Market, bike: NewBike = {}): Promise<ListedBike> {
  const { cookie = market.seller, ...overrides } = bike;
  const built = buildBike(overrides);
  const body = bikeInput(built, market.categories[built.category]);
  const response = await market.t.request("/api/bikes", { body, cookie });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ListedBike;
}

/** GET with a query object; blank values are left out, as a form would. */
export async function get(
  market: Market,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
  cookie = market.buyer,
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.size > 0 ? `?${params}` : "";
  return market.t.request(`${path}${search}`, { cookie });
}

export async function search(
  market: Market,
  query: Record<string, string | number | boolean | undefined> = {},
): Promise<SearchResults> {
  const response = await get(market, "/api/bikes", query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SearchResults;
}

export const titles = (page: { items: Array<{ title: string }> }) =>
  page.items.map((bike) => bike.title).sort();

type Sort = "newest" | "price_asc" | "price_desc";

/** The order the API promises for each sort: key, then id to break ties. */
export function compareFor(sort: Sort) {
  const byId = (a: ListedBike, b: ListedBike) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (sort === "price_asc")
    return (a: ListedBike, b: ListedBike) => a.resalePrice - b.resalePrice || byId(a, b);
  if (sort === "price_desc")
    return (a: ListedBike, b: ListedBike) => b.resalePrice - a.resalePrice || byId(b, a);
  const byTime = (a: ListedBike, b: ListedBike) =>
    a.postedAt < b.postedAt ? -1 : a.postedAt > b.postedAt ? 1 : 0;
  return (a: ListedBike, b: ListedBike) => byTime(b, a) || byId(b, a);
}

/**
 * The search tests' listings, created one after another (so postedAt follows
 * this order); the last is booked at once. Returns the available ones.
 */
export async function listSearchBikes(market: Market): Promise<ListedBike[]> {
  const verified = market.verifiedSeller;
  const bikes: NewBike[] = [
    {
      title: "Suzuki Gixxer SF, one owner",
      name: "Gixxer SF",
      location: "Dhākā",
      yearsOfUse: 2,
      originalPrice: 2400,
      resalePrice: 1750,
    },
    {
      title: "Yamaha R15 V4 racing blue",
      name: "R15 V4",
      category: "YAMAHA",
      location: "Chattogram",
      yearsOfUse: 1,
      resalePrice: 2600,
      cookie: verified,
    },
    {
      title: "KTM Duke 390 with extras",
      name: "Duke 390",
      category: "KTM",
      location: "Mirpur, Dhaka",
      yearsOfUse: 4,
      originalPrice: 6000,
      resalePrice: 3900,
      cookie: verified,
    },
    {
      title: "Suzuki GSX-R150 track bike",
      name: "GSX-R150",
      location: "Sylhet",
      yearsOfUse: 3,
      resalePrice: 2000,
    },
    {
      title: "Yamaha MT-15 bought in Dhaka",
      name: "MT-15",
      category: "YAMAHA",
      location: "Khulna",
      yearsOfUse: 0,
      resalePrice: 2300,
    },
    {
      title: "KTM RC 390 Polish import",
      name: "RC 390",
      category: "KTM",
      location: "Łódź",
      yearsOfUse: 6,
      originalPrice: 7000,
      resalePrice: 4000,
      cookie: verified,
    },
    {
      title: "Suzuki Intruder 150 cruiser",
      name: "Intruder 150",
      location: "Rajshahi",
      yearsOfUse: 5,
      resalePrice: 2000,
    },
    {
      title: "Yamaha FZ-S V3 booked already",
      name: "FZ-S V3",
      category: "YAMAHA",
      location: "Dhaka",
      resalePrice: 1900,
    },
  ];
  const listed: ListedBike[] = [];
  for (const bike of bikes) listed.push(await addBike(market, bike));
  const booked = listed.pop();
  const booking = await requestBooking(market.t, { cookie: market.buyer }, booked?.id ?? "");
  expect(booking.status).toBe(201);
  return listed;
}
