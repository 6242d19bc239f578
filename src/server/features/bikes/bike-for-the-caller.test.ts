import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking } from "#tests/support/builders/booking";
import { addToWishlist, mySales, viewBike, wishlist } from "#tests/support/listings";
import { newPerson } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await createTestApp();
});

describe("GET /api/bikes/:id tells the caller their own part in the bike", () => {
  test("the buyer who booked sees their booking and its price; another buyer sees neither", async () => {
    const categories = await categoryIds(t);
    const [seller, buyer, other] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
      newPerson(t, "buyer"),
    ]);
    const bike = await listBike(t, seller, categories.SUZUKI, { resalePrice: 1750 });
    await addToWishlist(t, buyer, bike.id);
    const booking = await book(t, buyer, bike.id);
    expect(booking.finalPrice).toBe(1400);

    const asBuyer = await viewBike(t, buyer, bike.id);
    expect(asBuyer.ownBike).toBe(false);
    expect(asBuyer.yourBookingId).toBe(booking.id);
    expect(asBuyer.yourBooking).toEqual({
      id: booking.id,
      status: "pending",
      listedPrice: 1750,
      discountPercent: 20,
      finalPrice: 1400,
    });
    const [saved] = await wishlist(t, buyer);
    expect(saved?.bike.yourBookingId).toBe(booking.id);

    const asOther = await viewBike(t, other, bike.id);
    expect(asOther.yourBookingId).toBeNull();
    expect(asOther.yourBooking).toBeNull();

    const asSeller = await viewBike(t, seller, bike.id);
    expect(asSeller.ownBike).toBe(true);
    expect(asSeller.yourBooking).toBeNull();

    // A cancelled booking is no longer theirs to show.
    await moveBooking(t, buyer, booking.id, "cancelled");
    const afterCancel = await viewBike(t, buyer, bike.id);
    expect(afterCancel.yourBooking).toBeNull();
    expect(afterCancel.yourBookingId).toBeNull();
  });

  test("the seller's sales keep the listed price apart from what the buyer pays", async () => {
    const categories = await categoryIds(t);
    const [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
    const bike = await listBike(t, seller, categories.YAMAHA, { resalePrice: 2000 });
    await book(t, buyer, bike.id);
    const [sale] = await mySales(t, seller);
    expect(sale).toMatchObject({ listedPrice: 2000, discountPercent: 20, finalPrice: 1600 });
  });
});
