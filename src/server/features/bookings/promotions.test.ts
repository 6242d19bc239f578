import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Quote } from "#src/shared/schemas/bikes";
import type { Booking } from "#src/shared/schemas/bookings";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking, requestBooking } from "#tests/support/builders/booking";
import { addToWishlist, viewBike, wishlist } from "#tests/support/listings";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// PRODUCT.md §4 and §8 promotions, computed by the server: 20% off a buyer's
// first booking (held by one active booking at a time, handed back by a
// decline or cancel, spent when that booking completes), 5% off the first
// bike the buyer ever wishlisted, the larger applies, never both. Whole
// currency units, rounded down.

const LISTED = 1999;
const FIRST_BOOKING: Quote = {
  listedPrice: LISTED,
  discountPercent: 20,
  finalPrice: 1599, // floor(1999 × 0.8) = floor(1599.2)
  reason: "first-booking",
};
const FIRST_WISHLIST_ITEM: Quote = {
  listedPrice: LISTED,
  discountPercent: 5,
  finalPrice: 1899, // floor(1999 × 0.95) = floor(1899.05)
  reason: "first-wishlist-item",
};
const NO_DISCOUNT: Quote = {
  listedPrice: LISTED,
  discountPercent: 0,
  finalPrice: LISTED,
  reason: null,
};

let t: TestApp;
let categories: CategoryIds;
let seller: Person;

beforeAll(async () => {
  t = await createTestApp();
  [categories, seller] = await Promise.all([categoryIds(t), newPerson(t, "seller")]);
});
afterAll(() => t?.close());

const newBike = async (resalePrice = LISTED) =>
  (await listBike(t, seller, categories.YAMAHA, { resalePrice })).id;

const quoteOf = async (buyer: Person, bikeId: string) => (await viewBike(t, buyer, bikeId)).quote;

/** The price the bike page quotes is the price the booking then charges. */
async function quoteThenBook(buyer: Person, bikeId: string): Promise<Booking> {
  const quote = await quoteOf(buyer, bikeId);
  const booking = await book(t, buyer, bikeId);
  expect(booking).toMatchObject({
    listedPrice: quote.listedPrice,
    discountPercent: quote.discountPercent,
    finalPrice: quote.finalPrice,
  });
  return booking;
}

const charged = (booking: Booking) => ({
  listedPrice: booking.listedPrice,
  discountPercent: booking.discountPercent,
  finalPrice: booking.finalPrice,
});
const without = ({ reason: _, ...prices }: Quote) => prices;

/** Adds bikes to the wishlist in this order, each at a later time than the one before. */
async function wish(buyer: Person, ...bikeIds: string[]) {
  for (const bikeId of bikeIds) {
    await addToWishlist(t, buyer, bikeId);
    await sleep(5);
  }
}

/** A buyer who already has a pending booking: no first-booking discount any more. */
async function returningBuyer(): Promise<Person> {
  const buyer = await newPerson(t, "buyer");
  await book(t, buyer, await newBike(5000));
  return buyer;
}

describe("first booking: 20%", () => {
  test("a buyer's first booking is quoted and charged 20% off, rounded down", async () => {
    const buyer = await newPerson(t, "buyer");
    const bikeId = await newBike();
    expect(await quoteOf(buyer, bikeId)).toEqual(FIRST_BOOKING);
    expect(charged(await quoteThenBook(buyer, bikeId))).toEqual(without(FIRST_BOOKING));
  });

  test("a buyer whose earlier bookings were all declined or cancelled still gets 20%", async () => {
    const buyer = await newPerson(t, "buyer");
    const declined = await book(t, buyer, await newBike());
    await moveBooking(t, seller, declined.id, "declined");
    const cancelled = await book(t, buyer, await newBike());
    await moveBooking(t, buyer, cancelled.id, "cancelled");
    const acceptedThenDeclined = await book(t, buyer, await newBike());
    await moveBooking(t, seller, acceptedThenDeclined.id, "accepted");
    await moveBooking(t, seller, acceptedThenDeclined.id, "declined");

    const bikeId = await newBike();
    expect(await quoteOf(buyer, bikeId)).toEqual(FIRST_BOOKING);
    expect(charged(await quoteThenBook(buyer, bikeId))).toEqual(without(FIRST_BOOKING));
  });

  test.each([
    { earlier: "pending", moves: [] },
    { earlier: "accepted", moves: ["accepted"] },
    { earlier: "completed", moves: ["accepted", "completed"] },
  ] as const)("after a $earlier booking there is no first-booking discount", async ({ moves }) => {
    const buyer = await newPerson(t, "buyer");
    const earlier = await book(t, buyer, await newBike());
    for (const status of moves) await moveBooking(t, seller, earlier.id, status);

    const bikeId = await newBike();
    expect(await quoteOf(buyer, bikeId)).toEqual(NO_DISCOUNT);
    expect(charged(await quoteThenBook(buyer, bikeId))).toEqual(without(NO_DISCOUNT));
  });
});

describe("first wishlist item: 5%", () => {
  test("booking the oldest entry of the wishlist gets 5%; a later entry gets nothing", async () => {
    const buyer = await returningBuyer();
    const [oldest, later] = [await newBike(), await newBike()];
    await wish(buyer, oldest, later);
    // Newest first; the list marks the bike the promotion belongs to.
    expect(
      (await wishlist(t, buyer)).map((entry) => [entry.bike.id, entry.firstWishlistItem]),
    ).toEqual([
      [later, false],
      [oldest, true],
    ]);

    expect(await quoteOf(buyer, later)).toEqual(NO_DISCOUNT);
    expect(await quoteOf(buyer, oldest)).toEqual(FIRST_WISHLIST_ITEM);
    expect(charged(await quoteThenBook(buyer, oldest))).toEqual(without(FIRST_WISHLIST_ITEM));
  });

  test("the promotion stays with the first bike ever wishlisted: removing, re-adding or its deletion never moves it", async () => {
    const buyer = await returningBuyer();
    const [first, second, third] = [await newBike(), await newBike(), await newBike()];
    await wish(buyer, first, second, third);
    await wish(buyer, first);
    expect(await quoteOf(buyer, first)).toEqual(FIRST_WISHLIST_ITEM);

    const removed = await t.request(`/api/me/wishlist/${first}`, {
      method: "DELETE",
      cookie: buyer.cookie,
    });
    expect(removed.status).toBe(204);
    expect(await quoteOf(buyer, second)).toEqual(NO_DISCOUNT);
    expect(await quoteOf(buyer, first)).toEqual(FIRST_WISHLIST_ITEM);
    // The oldest entry left is not the promotion's: the list says so rather than leave its
    // place to imply it (the wishlist page showed '5% off' on it, which booking didn't give).
    expect((await wishlist(t, buyer)).map((entry) => entry.firstWishlistItem)).toEqual([
      false,
      false,
    ]);
    await wish(buyer, first);
    const saved = await wishlist(t, buyer);
    expect(saved.map((entry) => [entry.bike.id, entry.firstWishlistItem])).toEqual([
      [first, true],
      [third, false],
      [second, false],
    ]);

    const deleted = await t.request(`/api/bikes/${first}`, {
      method: "DELETE",
      cookie: seller.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(await quoteOf(buyer, second)).toEqual(NO_DISCOUNT);
    expect(charged(await quoteThenBook(buyer, third))).toEqual(without(NO_DISCOUNT));
  });

  test("two bikes wished for at the same moment: one of them is the first wish, and only one", async () => {
    const buyer = await returningBuyer();
    const [one, other] = [await newBike(), await newBike()];
    await Promise.all([addToWishlist(t, buyer, one), addToWishlist(t, buyer, other)]);
    const quotes = [await quoteOf(buyer, one), await quoteOf(buyer, other)];
    expect(quotes).toContainEqual(FIRST_WISHLIST_ITEM);
    expect(quotes).toContainEqual(NO_DISCOUNT);
    // Wished again: still on the list once, at the time it was first added.
    const before = await wishlist(t, buyer);
    await wish(buyer, one, other);
    expect(await wishlist(t, buyer)).toEqual(before);
  });

  test("emptying the wishlist and wishing for the next bike to book earns nothing (the farm)", async () => {
    const buyer = await returningBuyer();
    const first = await newBike();
    await wish(buyer, first);
    await t.request(`/api/me/wishlist/${first}`, { method: "DELETE", cookie: buyer.cookie });
    for (let round = 0; round < 2; round++) {
      const next = await newBike();
      await wish(buyer, next);
      expect(charged(await quoteThenBook(buyer, next))).toEqual(without(NO_DISCOUNT));
      await t.request(`/api/me/wishlist/${next}`, { method: "DELETE", cookie: buyer.cookie });
    }
  });
});

describe("first booking: held by one active booking, spent only when that one completes", () => {
  test("a completed booking that paid full price doesn't spend it; the one holding it does", async () => {
    const buyer = await newPerson(t, "buyer");
    const holding = await book(t, buyer, await newBike());
    expect(holding.discountPercent).toBe(20);
    const fullPrice = await book(t, buyer, await newBike());
    expect(fullPrice.discountPercent).toBe(0);
    await moveBooking(t, seller, fullPrice.id, "accepted");
    await moveBooking(t, seller, fullPrice.id, "completed");
    // The holder is cancelled: 20% is handed back, though a sale was completed.
    await moveBooking(t, buyer, holding.id, "cancelled");
    const again = await quoteThenBook(buyer, await newBike());
    expect(charged(again)).toEqual(without(FIRST_BOOKING));

    await moveBooking(t, seller, again.id, "accepted");
    await moveBooking(t, seller, again.id, "completed");
    expect(await quoteOf(buyer, await newBike())).toEqual(NO_DISCOUNT);
  });
});

describe("both and neither", () => {
  test("a first booking of the first wishlist item gets 20%, not 25% or 24%", async () => {
    const buyer = await newPerson(t, "buyer");
    const bikeId = await newBike();
    await wish(buyer, bikeId);
    expect(await quoteOf(buyer, bikeId)).toEqual(FIRST_BOOKING);
    expect(charged(await quoteThenBook(buyer, bikeId))).toEqual(without(FIRST_BOOKING));
  });

  test("a returning buyer booking a bike that is not their first wishlist item pays the listed price", async () => {
    const buyer = await returningBuyer();
    const [wished, other] = [await newBike(), await newBike()];
    await wish(buyer, wished);
    expect(await quoteOf(buyer, other)).toEqual(NO_DISCOUNT);
    expect(charged(await quoteThenBook(buyer, other))).toEqual(without(NO_DISCOUNT));
  });
});

describe("the price comes from the server, never from the request", () => {
  const clientPrices = { price: 1, finalPrice: 1, discountPercent: 90, listedPrice: 1 };

  test.each([
    { who: "a first-time buyer", returning: false, expected: FIRST_BOOKING },
    { who: "a returning buyer", returning: true, expected: NO_DISCOUNT },
  ])("prices sent by $who are ignored", async ({ returning, expected }) => {
    const buyer = returning ? await returningBuyer() : await newPerson(t, "buyer");
    const bikeId = await newBike();
    const booking = await expectJson<Booking>(
      await requestBooking(t, buyer, bikeId, clientPrices),
      201,
    );
    expect(charged(booking)).toEqual(without(expected));
    const stored = await t.deps.db
      .selectFrom("bookings")
      .select(["listedPrice", "discountPercent", "finalPrice"])
      .where("id", "=", booking.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual(without(expected));
  });

  test("the listed price is the bike's resale price at the time of booking", async () => {
    const buyer = await returningBuyer();
    const bikeId = await newBike(2500);
    const repriced = await t.request(`/api/bikes/${bikeId}`, {
      method: "PATCH",
      body: { resalePrice: 2300 },
      cookie: seller.cookie,
    });
    expect(repriced.status).toBe(200);
    const booking = await quoteThenBook(buyer, bikeId);
    expect(charged(booking)).toEqual({ listedPrice: 2300, discountPercent: 0, finalPrice: 2300 });
  });
});
