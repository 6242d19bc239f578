import type { BikeDetail, BikeInput } from "../../src/shared/schemas/bikes";
import type { Booking, BookingStatus } from "../../src/shared/schemas/bookings";
import type { Category, CategoryName } from "../../src/shared/schemas/categories";
import type { Person } from "./people";
import type { TestApp } from "./test-app";

// Bikes and bookings made through the public API, as a seller's and a buyer's
// browser would make them.

export type CategoryIds = Record<CategoryName, string>;

export async function categoryIds(t: TestApp): Promise<CategoryIds> {
  const list = await expectJson<Category[]>(await t.request("/api/categories"), 200);
  return Object.fromEntries(list.map((category) => [category.name, category.id])) as CategoryIds;
}

/** A complete, valid Add product body; override any field. */
export function bikeFields(categoryId: string, overrides: Partial<BikeInput> = {}): BikeInput {
  return {
    title: "Suzuki Gixxer SF, one owner",
    name: "Gixxer SF",
    categoryId,
    imageUrl: "https://example.com/gixxer.jpg",
    location: "Dhaka",
    yearsOfUse: 2,
    originalPrice: 2400,
    resalePrice: 1750,
    phone: "+8801711000001",
    ...overrides,
  };
}

/** Lists a bike as `seller` and returns it as the seller sees it. */
export async function listBike(
  t: TestApp,
  seller: Pick<Person, "cookie">,
  categoryId: string,
  overrides: Partial<BikeInput> = {},
): Promise<BikeDetail> {
  const response = await t.request("/api/bikes", {
    body: bikeFields(categoryId, overrides),
    cookie: seller.cookie,
  });
  return expectJson<BikeDetail>(response, 201);
}

export function requestBooking(
  t: TestApp,
  buyer: Pick<Person, "cookie">,
  bikeId: string,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  return t.request("/api/bookings", {
    body: { bikeId, phone: "+8801911000002", meetingLocation: "Gulshan 2 circle", ...extra },
    cookie: buyer.cookie,
  });
}

/** Books a bike and expects it to work. */
export async function book(
  t: TestApp,
  buyer: Pick<Person, "cookie">,
  bikeId: string,
): Promise<Booking> {
  return expectJson<Booking>(await requestBooking(t, buyer, bikeId), 201);
}

export function requestStatus(
  t: TestApp,
  who: Pick<Person, "cookie">,
  bookingId: string,
  status: BookingStatus,
): Promise<Response> {
  return t.request(`/api/bookings/${bookingId}`, {
    method: "PATCH",
    body: { status },
    cookie: who.cookie,
  });
}

/** Moves a booking and expects it to work. */
export async function moveBooking(
  t: TestApp,
  who: Pick<Person, "cookie">,
  bookingId: string,
  status: BookingStatus,
): Promise<Booking> {
  return expectJson<Booking>(await requestStatus(t, who, bookingId, status), 200);
}

export async function viewBike(
  t: TestApp,
  viewer: Pick<Person, "cookie">,
  bikeId: string,
): Promise<BikeDetail> {
  return expectJson<BikeDetail>(
    await t.request(`/api/bikes/${bikeId}`, { cookie: viewer.cookie }),
    200,
  );
}

export async function myBookings(t: TestApp, who: Pick<Person, "cookie">): Promise<Booking[]> {
  const response = await t.request("/api/me/bookings", { cookie: who.cookie });
  return (await expectJson<{ items: Booking[] }>(response, 200)).items;
}

export async function mySales(t: TestApp, who: Pick<Person, "cookie">): Promise<Booking[]> {
  const response = await t.request("/api/me/sales", { cookie: who.cookie });
  return (await expectJson<{ items: Booking[] }>(response, 200)).items;
}

export async function wishlist(
  t: TestApp,
  who: Pick<Person, "cookie">,
): Promise<Array<{ addedAt: string; bike: BikeDetail }>> {
  const response = await t.request("/api/me/wishlist", { cookie: who.cookie });
  return (await expectJson<{ items: Array<{ addedAt: string; bike: BikeDetail }> }>(response, 200))
    .items;
}

export async function addToWishlist(
  t: TestApp,
  who: Pick<Person, "cookie">,
  bikeId: string,
): Promise<void> {
  const response = await t.request(`/api/me/wishlist/${bikeId}`, {
    method: "PUT",
    cookie: who.cookie,
  });
  if (response.status !== 204) {
    throw new Error(`PUT wishlist answered ${response.status}: ${await response.text()}`);
  }
}

/** The body of a response that must have `status`; otherwise fails with what came back. */
export async function expectJson<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) {
    throw new Error(
      `${response.status} instead of ${status}: ${text.slice(0, 500)} (${response.url || "request"})`,
    );
  }
  return JSON.parse(text) as T;
}
