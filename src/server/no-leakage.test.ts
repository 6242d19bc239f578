import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking, requestBooking } from "#tests/support/builders/booking";
import { marketplaceInconsistencies } from "#tests/support/invariants";
import { addToWishlist, myBookings, mySales, viewBike, wishlist } from "#tests/support/listings";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import type { Bike } from "../shared/schemas/bikes";
import type { Booking } from "../shared/schemas/bookings";
import type { User } from "../shared/schemas/users";

// No endpoint hands one user's bookings, wishlist or contact details to
// another (PRODUCT.md §1, §5, §7: whose data = the session, never ?email=).

const PHONE_ON_BOOKED_BIKE = "+8801711000101";
const PHONE_ON_WISHED_BIKE = "+8801711000102";
const PHONE_OF_OTHER_SELLER = "+8801711000203";
const FIRST_BUYERS_PHONE = "+8801911000301";

let t: TestApp;
let categories: CategoryIds;
let seller: Person;
let otherSeller: Person;
let firstBuyer: Person;
let secondBuyer: Person;
let admin: Person;
/** Booked (pending) by firstBuyer. */
let bookedBike: Bike;
/** On firstBuyer's wishlist, advertised. */
let wishedBike: Bike;
let otherSellersBike: Bike;
let booking: Booking;

beforeAll(async () => {
  t = await createTestApp();
  [categories, seller, otherSeller, firstBuyer, secondBuyer, admin] = await Promise.all([
    categoryIds(t),
    newPerson(t, "seller", "Sam Seller"),
    newPerson(t, "seller", "Olga Other"),
    newPerson(t, "buyer", "First Buyer"),
    newPerson(t, "buyer", "Second Buyer"),
    theAdmin(t),
  ]);
  bookedBike = await listBike(t, seller, categories.SUZUKI, { phone: PHONE_ON_BOOKED_BIKE });
  wishedBike = await listBike(t, seller, categories.SUZUKI, { phone: PHONE_ON_WISHED_BIKE });
  otherSellersBike = await listBike(t, otherSeller, categories.SUZUKI, {
    phone: PHONE_OF_OTHER_SELLER,
  });
  const advertised = await t.request(`/api/bikes/${wishedBike.id}`, {
    method: "PATCH",
    body: { advertised: true },
    cookie: seller.cookie,
  });
  expect(advertised.status).toBe(200);
  await addToWishlist(t, firstBuyer, wishedBike.id);
  booking = await expectJson<Booking>(
    await requestBooking(t, firstBuyer, bookedBike.id, { phone: FIRST_BUYERS_PHONE }),
    201,
  );
});
afterAll(() => t?.close());

async function text(path: string, who?: Person): Promise<string> {
  const response = await t.request(path, who ? { cookie: who.cookie } : {});
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("bookings and wishlists stay with their owner", () => {
  test("a second buyer's bookings and wishlist contain nothing of the first buyer's", async () => {
    expect(await myBookings(t, secondBuyer)).toEqual([]);
    expect(await wishlist(t, secondBuyer)).toEqual([]);
    // The first buyer does see their own, so the lists above are empty for the right reason.
    expect((await myBookings(t, firstBuyer)).map((b) => b.id)).toEqual([booking.id]);
    expect((await wishlist(t, firstBuyer)).map((w) => w.bike.id)).toEqual([wishedBike.id]);
  });

  test("a bike on someone else's wishlist does not show as wishlisted to others", async () => {
    expect((await viewBike(t, firstBuyer, wishedBike.id)).wishlisted).toBe(true);
    expect((await viewBike(t, secondBuyer, wishedBike.id)).wishlisted).toBe(false);
    const page = await expectJson<{ items: Array<Bike & { wishlisted: boolean }> }>(
      await t.request(`/api/categories/${categories.SUZUKI}/bikes`, { cookie: secondBuyer.cookie }),
      200,
    );
    expect(page.items.find((bike) => bike.id === wishedBike.id)?.wishlisted).toBe(false);
  });

  test("another seller's sales don't include a booking on someone else's bike", async () => {
    expect(await mySales(t, otherSeller)).toEqual([]);
    const sales = await mySales(t, seller);
    expect(sales.map((sale) => sale.id)).toEqual([booking.id]);
    // The bike's seller is who needs the buyer's contact to meet.
    expect(sales[0]).toMatchObject({ phone: FIRST_BUYERS_PHONE, buyer: { name: "First Buyer" } });
  });

  test("the buyer's phone reaches no one but the buyer and the bike's seller", async () => {
    const seenByOthers = [
      await text("/api/me/bookings", secondBuyer),
      await text("/api/me/wishlist", secondBuyer),
      await text(`/api/bikes/${bookedBike.id}`, secondBuyer),
      await text(`/api/categories/${categories.SUZUKI}/bikes`, secondBuyer),
      await text("/api/me/sales", otherSeller),
      await text(`/api/bikes/${bookedBike.id}`, otherSeller),
      await text(`/api/bikes/${bookedBike.id}`, admin),
    ];
    for (const body of seenByOthers) expect(body).not.toContain(FIRST_BUYERS_PHONE);
  });
});

describe("a listing's phone goes only to its seller and to admins", () => {
  test("GET /api/bikes/:id", async () => {
    for (const viewer of [firstBuyer, secondBuyer, otherSeller]) {
      expect(await viewBike(t, viewer, bookedBike.id)).not.toHaveProperty("phone");
    }
    expect((await viewBike(t, seller, bookedBike.id)).phone).toBe(PHONE_ON_BOOKED_BIKE);
    expect((await viewBike(t, admin, bookedBike.id)).phone).toBe(PHONE_ON_BOOKED_BIKE);
  });

  test("category lists show each viewer only the phones of their own listings, admins all", async () => {
    const phonesSeenBy = async (viewer: Person) => {
      const page = await expectJson<{ items: Bike[] }>(
        await t.request(`/api/categories/${categories.SUZUKI}/bikes?limit=50`, {
          cookie: viewer.cookie,
        }),
        200,
      );
      return page.items.flatMap((bike) => (bike.phone ? [bike.phone] : [])).sort();
    };
    expect(await phonesSeenBy(firstBuyer)).toEqual([]);
    expect(await phonesSeenBy(secondBuyer)).toEqual([]);
    expect(await phonesSeenBy(seller)).toEqual([PHONE_ON_BOOKED_BIKE, PHONE_ON_WISHED_BIKE]);
    expect(await phonesSeenBy(otherSeller)).toEqual([PHONE_OF_OTHER_SELLER]);
    expect(await phonesSeenBy(admin)).toEqual(
      expect.arrayContaining([PHONE_ON_BOOKED_BIKE, PHONE_ON_WISHED_BIKE, PHONE_OF_OTHER_SELLER]),
    );
  });

  test("the advertised list and the wishlist carry no seller's phone", async () => {
    const advertisedAnonymously = await text("/api/bikes/advertised");
    expect(advertisedAnonymously).toContain(wishedBike.id);
    expect(advertisedAnonymously).not.toContain(PHONE_ON_WISHED_BIKE);
    expect(await text("/api/bikes/advertised", firstBuyer)).not.toContain(PHONE_ON_WISHED_BIKE);
    expect(await text("/api/me/wishlist", firstBuyer)).not.toContain(PHONE_ON_WISHED_BIKE);
    expect(await text(`/api/bikes/${otherSellersBike.id}`, seller)).not.toContain(
      PHONE_OF_OTHER_SELLER,
    );
  });
});

describe("the seller's phone reaches the buyer only once the seller accepts", () => {
  test("pending: hidden; accepted and completed: shown; declined: hidden", async () => {
    const buyer = await newPerson(t, "buyer");
    const bike = await listBike(t, seller, categories.YAMAHA, { phone: "+8801711000404" });
    const pending = await book(t, buyer, bike.id);
    expect(pending.seller).toEqual({ id: seller.id, name: "Sam Seller", phone: null });
    expect(await text("/api/me/bookings", buyer)).not.toContain("+8801711000404");

    await moveBooking(t, seller, pending.id, "accepted");
    expect((await myBookings(t, buyer))[0]?.seller.phone).toBe("+8801711000404");
    await moveBooking(t, seller, pending.id, "completed");
    expect((await myBookings(t, buyer))[0]?.seller.phone).toBe("+8801711000404");

    const declinedBike = await listBike(t, seller, categories.YAMAHA, { phone: "+8801711000505" });
    const declined = await book(t, buyer, declinedBike.id);
    await moveBooking(t, seller, declined.id, "declined");
    expect(await text("/api/me/bookings", buyer)).not.toContain("+8801711000505");
  });
});

describe("no query parameter or body field changes whose data comes back", () => {
  const spoof = (who: Person) =>
    new URLSearchParams({
      email: who.email,
      userId: who.id,
      buyerId: who.id,
      sellerId: who.id,
      id: who.id,
    }).toString();

  test("the /api/me family responds for the session's user, whatever the query says", async () => {
    const me = await expectJson<User>(
      await t.request(`/api/me?${spoof(firstBuyer)}`, { cookie: secondBuyer.cookie }),
      200,
    );
    expect(me).toMatchObject({ id: secondBuyer.id, email: secondBuyer.email });
    const bookings = await text(`/api/me/bookings?${spoof(firstBuyer)}`, secondBuyer);
    expect(JSON.parse(bookings)).toEqual({ items: [], nextCursor: null });
    const wished = await text(`/api/me/wishlist?${spoof(firstBuyer)}`, secondBuyer);
    expect(JSON.parse(wished)).toEqual({ items: [], nextCursor: null });
    const sales = await text(`/api/me/sales?${spoof(seller)}`, otherSeller);
    expect(JSON.parse(sales)).toEqual({ items: [], nextCursor: null });
    const bikes = JSON.parse(await text(`/api/me/bikes?${spoof(seller)}`, otherSeller)) as {
      items: Bike[];
    };
    expect(bikes.items.map((bike) => bike.id)).toEqual([otherSellersBike.id]);
    const session = JSON.parse(await text(`/api/session?${spoof(firstBuyer)}`, secondBuyer)) as {
      user: User;
    };
    expect(session.user.id).toBe(secondBuyer.id);
  });

  test("a bike's phone stays hidden even when the query names its seller or an admin", async () => {
    const detail = await text(
      `/api/bikes/${bookedBike.id}?${spoof(seller)}&role=admin`,
      secondBuyer,
    );
    expect(detail).not.toContain(PHONE_ON_BOOKED_BIKE);
  });

  test("a booking is the caller's, whatever buyer the body names", async () => {
    const bike = await listBike(t, otherSeller, categories.KTM);
    const response = await requestBooking(t, secondBuyer, bike.id, {
      buyerId: firstBuyer.id,
      email: firstBuyer.email,
      buyer: { id: firstBuyer.id, name: "First Buyer" },
    });
    const made = await expectJson<Booking>(response, 201);
    expect(made.buyer).toEqual({ id: secondBuyer.id, name: "Second Buyer" });
    expect((await myBookings(t, firstBuyer)).map((b) => b.id)).not.toContain(made.id);
    expect(await marketplaceInconsistencies(t.deps.db)).toEqual([]);
  });
});
