import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isErrorBody, quoteOf } from "#src/shared/errors";
import type { BikeDetail, Quote } from "#src/shared/schemas/bikes";
import type { Booking } from "#src/shared/schemas/bookings";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking, requestBooking } from "#tests/support/builders/booking";
import { myBookings, viewBike } from "#tests/support/listings";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { expirePendingBookings } from "./expire-bookings";

// PRODUCT.md §8 "Bookings, made fair": a cap on active bookings per buyer,
// unanswered bookings expire, and a price that moved is never booked unseen.

const HOUR_MS = 3_600_000;
let t: TestApp;
let categories: CategoryIds;
let seller: Person;

beforeAll(async () => {
  t = await createTestApp({ MAX_ACTIVE_BOOKINGS: "3", BOOKING_PENDING_HOURS: "72" });
  [categories, seller] = await Promise.all([categoryIds(t), newPerson(t, "seller")]);
});
afterAll(() => t?.close());

const newBike = async (resalePrice = 2000) =>
  (await listBike(t, seller, categories.KTM, { resalePrice })).id;

const errorCode = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code;

describe("MAX_ACTIVE_BOOKINGS", () => {
  test("a fourth active booking is refused with 409 BOOKING_LIMIT; answering one frees a place", async () => {
    const buyer = await newPerson(t, "buyer");
    const held = [await book(t, buyer, await newBike()), await book(t, buyer, await newBike())];
    await moveBooking(t, seller, held[1]?.id ?? "", "accepted");
    await book(t, buyer, await newBike());

    const fourthBike = await newBike();
    const refused = await requestBooking(t, buyer, fourthBike);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe("BOOKING_LIMIT");
    expect((await viewBike(t, buyer, fourthBike)).status).toBe("available");

    await moveBooking(t, seller, held[0]?.id ?? "", "declined");
    await book(t, buyer, fourthBike);
  });

  test("six bookings sent at once by one buyer: three are made, on either database", async () => {
    const buyer = await newPerson(t, "buyer");
    const bikes = await Promise.all(Array.from({ length: 6 }, () => newBike()));
    const responses = await Promise.all(bikes.map((bikeId) => requestBooking(t, buyer, bikeId)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
    const codes = await Promise.all(
      responses.filter((response) => response.status === 409).map(errorCode),
    );
    expect(codes).toEqual(["BOOKING_LIMIT", "BOOKING_LIMIT", "BOOKING_LIMIT"]);
    expect(await myBookings(t, buyer)).toHaveLength(3);
  });
});

describe("BOOKING_PENDING_HOURS", () => {
  test("an unanswered booking expires after 72 hours: its bike is available again, once", async () => {
    const buyer = await newPerson(t, "buyer");
    const bikeId = await newBike();
    const booking = await book(t, buyer, bikeId);
    const answered = await book(t, buyer, await newBike());
    await moveBooking(t, seller, answered.id, "accepted");
    const bookedAt = new Date(booking.createdAt).getTime();

    const early = await expirePendingBookings(t.deps.db, new Date(bookedAt + 71 * HOUR_MS), 72, {
      publicUrl: t.env.publicUrl,
    });
    expect(early).not.toContain(booking.id);
    expect((await viewBike(t, buyer, bikeId)).status).toBe("booked");

    // Two processes running the job at the same moment: each booking expires once.
    const later = new Date(bookedAt + 73 * HOUR_MS);
    const [one, two] = await Promise.all([
      expirePendingBookings(t.deps.db, later, 72, { publicUrl: t.env.publicUrl }),
      expirePendingBookings(t.deps.db, later, 72, { publicUrl: t.env.publicUrl }),
    ]);
    expect([...one, ...two].filter((id) => id === booking.id)).toHaveLength(1);
    expect([...one, ...two]).not.toContain(answered.id);

    const mine = await myBookings(t, buyer);
    expect(mine.find((entry) => entry.id === booking.id)?.status).toBe("expired");
    expect(mine.find((entry) => entry.id === answered.id)?.status).toBe("accepted");
    expect((await viewBike(t, buyer, bikeId)).status).toBe("available");
    // The seller can no longer accept it, and someone else can book the bike.
    const accept = await t.request(`/api/bookings/${booking.id}`, {
      method: "PATCH",
      body: { status: "accepted" },
      cookie: seller.cookie,
    });
    expect(accept.status).toBe(409);
    await book(t, await newPerson(t, "buyer"), bikeId);
  });
});

describe("expectedFinalPrice", () => {
  test("a price changed between the quote and the booking: 409 PRICE_CHANGED with the new quote", async () => {
    const buyer = await newPerson(t, "buyer");
    await book(t, buyer, await newBike()); // the first-booking discount is used
    const bikeId = await newBike(80);
    const shown = (await viewBike(t, buyer, bikeId)).quote;
    const patched = await t.request(`/api/bikes/${bikeId}`, {
      method: "PATCH",
      body: { resalePrice: 10_000_000 },
      cookie: seller.cookie,
    });
    await expectJson<BikeDetail>(patched, 200);

    const refused = await requestBooking(t, buyer, bikeId, {
      expectedFinalPrice: shown.finalPrice,
    });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; quote: Quote } };
    expect(body.error.code).toBe("PRICE_CHANGED");
    expect(body.error.quote).toMatchObject({ listedPrice: 10_000_000, finalPrice: 10_000_000 });
    // What the web app's booking dialog reads from it, to show the new price at once.
    expect(isErrorBody(body) && quoteOf(body)).toEqual(body.error.quote);
    expect((await viewBike(t, buyer, bikeId)).status).toBe("available");

    const booked = await expectJson<Booking>(
      await requestBooking(t, buyer, bikeId, { expectedFinalPrice: body.error.quote.finalPrice }),
      201,
    );
    expect(booked.finalPrice).toBe(10_000_000);
  });

  test("expectedFinalPrice must be a whole number", async () => {
    const buyer = await newPerson(t, "buyer");
    const response = await requestBooking(t, buyer, await newBike(), { expectedFinalPrice: "80" });
    expect(response.status).toBe(400);
  });
});
