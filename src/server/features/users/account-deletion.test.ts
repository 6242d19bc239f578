import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import { signIn } from "#tests/support/accounts";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking, requestBooking } from "#tests/support/builders/booking";
import { marketplaceInconsistencies } from "#tests/support/invariants";
import {
  accounts,
  addToWishlist,
  myBookings,
  mySales,
  viewBike,
  wishlist,
} from "#tests/support/listings";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// PRODUCT.md §4 "Deleting", docs/api.md DELETE /api/users/:id: the account's
// sessions end at once, its listings and wishlist go, its active bookings
// (as buyer and on its bikes) are cancelled and the bikes it had booked
// become available; past bookings keep their snapshot; nothing else is lost.

let t: TestApp;
let categories: CategoryIds;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  [categories, admin] = await Promise.all([categoryIds(t), theAdmin(t)]);
});
afterAll(() => t?.close());

async function deleteAccount(person: Pick<Person, "id">) {
  return t.request(`/api/users/${person.id}`, { method: "DELETE", cookie: admin.cookie });
}

async function expectSignedOutForGood(person: Person) {
  const me = await t.request("/api/me", { cookie: person.cookie });
  expect(me.status).toBe(401);
  expect(((await me.json()) as ErrorBody).error.code).toBe("UNAUTHENTICATED");
  await expect(signIn(t, { email: person.email })).rejects.toThrow(/answered 401/);
  const sessions = await t.deps.db
    .selectFrom("sessions")
    .select("id")
    .where("userId", "=", person.id)
    .execute();
  expect(sessions).toEqual([]);
}

async function listedAccountIds(accountType: "seller" | "buyer") {
  return (await accounts(t, admin, accountType)).map((user) => user.id);
}

async function statusOf(bookingId: string) {
  const row = await t.deps.db
    .selectFrom("bookings")
    .select(["status", "bikeId"])
    .where("id", "=", bookingId)
    .executeTakeFirstOrThrow();
  return row;
}

describe("an admin deletes a seller with listings", () => {
  test("their bikes go, bookings on them are cancelled with their snapshot, others keep theirs", async () => {
    const [seller, otherSeller, pendingBuyer, acceptedBuyer, wisher] = await Promise.all([
      newPerson(t, "seller", "Leaving Seller"),
      newPerson(t, "seller", "Staying Seller"),
      newPerson(t, "buyer", "Pending Buyer"),
      newPerson(t, "buyer", "Accepted Buyer"),
      newPerson(t, "buyer", "Wisher"),
    ]);
    const pendingBike = await listBike(t, seller, categories.SUZUKI, { title: "Pending bike" });
    const acceptedBike = await listBike(t, seller, categories.SUZUKI, { title: "Accepted bike" });
    const wishedBike = await listBike(t, seller, categories.YAMAHA);
    const soldBike = await listBike(t, seller, categories.KTM, { title: "Sold bike" });
    const othersBike = await listBike(t, otherSeller, categories.KTM);
    const othersBookedBike = await listBike(t, otherSeller, categories.KTM);
    const othersWishedBike = await listBike(t, otherSeller, categories.YAMAHA);

    const pending = await book(t, pendingBuyer, pendingBike.id);
    const accepted = await book(t, acceptedBuyer, acceptedBike.id);
    await moveBooking(t, seller, accepted.id, "accepted");
    const completed = await book(t, pendingBuyer, soldBike.id);
    await moveBooking(t, seller, completed.id, "accepted");
    await moveBooking(t, seller, completed.id, "completed");
    await addToWishlist(t, wisher, wishedBike.id);
    await addToWishlist(t, wisher, othersWishedBike.id);
    // The leaving seller also booked another seller's bike, as any account may.
    const sellersOwnBooking = await book(t, seller, othersBike.id);
    // Someone else's business with the other seller, which must not change.
    const unrelated = await book(t, wisher, othersBookedBike.id);

    expect((await deleteAccount(seller)).status).toBe(204);

    await expectSignedOutForGood(seller);
    expect(await listedAccountIds("seller")).not.toContain(seller.id);
    for (const bike of [pendingBike, acceptedBike, wishedBike, soldBike]) {
      expect((await t.request(`/api/bikes/${bike.id}`, { cookie: wisher.cookie })).status).toBe(
        404,
      );
    }
    const leftBikes = await t.deps.db
      .selectFrom("bikes")
      .select("id")
      .where("sellerId", "=", seller.id)
      .execute();
    expect(leftBikes).toEqual([]);

    // The buyers still see what they booked, cancelled, with what was booked.
    expect((await myBookings(t, pendingBuyer)).find((b) => b.id === pending.id)).toMatchObject({
      bikeId: null,
      bike: { title: "Pending bike" },
      finalPrice: pending.finalPrice,
      status: "cancelled",
    });
    expect((await myBookings(t, acceptedBuyer)).find((b) => b.id === accepted.id)).toMatchObject({
      bikeId: null,
      bike: { title: "Accepted bike" },
      status: "cancelled",
    });
    // A finished sale is history: it stays completed.
    expect((await myBookings(t, pendingBuyer)).find((b) => b.id === completed.id)).toMatchObject({
      bikeId: null,
      bike: { title: "Sold bike" },
      status: "completed",
    });

    // The seller's own booking as a buyer is cancelled and that bike is free again.
    expect(await statusOf(sellersOwnBooking.id)).toEqual({
      status: "cancelled",
      bikeId: othersBike.id,
    });
    expect((await viewBike(t, otherSeller, othersBike.id)).status).toBe("available");
    expect((await mySales(t, otherSeller)).map((b) => [b.id, b.status])).toEqual(
      expect.arrayContaining([
        [sellersOwnBooking.id, "cancelled"],
        [unrelated.id, "pending"],
      ]),
    );

    // Nothing of anyone else's is lost.
    expect((await wishlist(t, wisher)).map((entry) => entry.bike.id)).toEqual([
      othersWishedBike.id,
    ]);
    expect((await viewBike(t, wisher, othersBookedBike.id)).status).toBe("booked");
    for (const person of [otherSeller, pendingBuyer, acceptedBuyer, wisher]) {
      expect((await t.request("/api/me", { cookie: person.cookie })).status).toBe(200);
    }
    expect(await marketplaceInconsistencies(t.deps.db)).toEqual([]);
  });
});

describe("an admin deletes a buyer with bookings", () => {
  test("their active bookings are cancelled, the bikes bookable again, the seller keeps the record", async () => {
    const [buyer, seller, nextBuyer] = await Promise.all([
      newPerson(t, "buyer", "Leaving Buyer"),
      newPerson(t, "seller"),
      newPerson(t, "buyer", "Next Buyer"),
    ]);
    const secondSession = { ...buyer, cookie: await signIn(t, { email: buyer.email }) };
    const pendingBike = await listBike(t, seller, categories.SUZUKI);
    const acceptedBike = await listBike(t, seller, categories.SUZUKI);
    const soldBike = await listBike(t, seller, categories.SUZUKI);
    const pending = await book(t, buyer, pendingBike.id);
    const accepted = await book(t, buyer, acceptedBike.id);
    await moveBooking(t, seller, accepted.id, "accepted");
    const completed = await book(t, buyer, soldBike.id);
    await moveBooking(t, seller, completed.id, "accepted");
    await moveBooking(t, seller, completed.id, "completed");
    await addToWishlist(t, buyer, soldBike.id);

    expect((await deleteAccount(buyer)).status).toBe(204);

    await expectSignedOutForGood(buyer);
    expect((await t.request("/api/me", { cookie: secondSession.cookie })).status).toBe(401);
    expect(await listedAccountIds("buyer")).not.toContain(buyer.id);

    expect((await viewBike(t, seller, pendingBike.id)).status).toBe("available");
    expect((await viewBike(t, seller, acceptedBike.id)).status).toBe("available");
    expect((await viewBike(t, seller, soldBike.id)).status).toBe("sold");

    const sales = await mySales(t, seller);
    const sale = (id: string) => sales.find((b) => b.id === id);
    expect(sale(pending.id)).toMatchObject({
      bikeId: pendingBike.id,
      buyer: { name: "Leaving Buyer" },
      status: "cancelled",
    });
    expect(sale(accepted.id)).toMatchObject({ status: "cancelled" });
    expect(sale(completed.id)).toMatchObject({ status: "completed" });

    const rebooked = await requestBooking(t, nextBuyer, pendingBike.id);
    expect(rebooked.status).toBe(201);
    const wishRows = await t.deps.db
      .selectFrom("wishlist")
      .select("bikeId")
      .where("userId", "=", buyer.id)
      .execute();
    expect(wishRows).toEqual([]);
    expect(await marketplaceInconsistencies(t.deps.db)).toEqual([]);
  });
});

describe("what can't be deleted", () => {
  test("an administrator's account is 403, an unknown or already deleted one 404", async () => {
    const adminSelf = await deleteAccount(admin);
    expect(adminSelf.status).toBe(403);
    expect((await t.request("/api/me", { cookie: admin.cookie })).status).toBe(200);

    expect((await deleteAccount({ id: "no-such-account" })).status).toBe(404);
    const buyer = await newPerson(t, "buyer");
    expect((await deleteAccount(buyer)).status).toBe(204);
    expect((await deleteAccount(buyer)).status).toBe(404);
  });
});
