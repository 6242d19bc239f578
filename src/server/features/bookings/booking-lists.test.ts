import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Booking, BookingPage } from "#src/shared/schemas/bookings";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import {
  everyPage,
  expectBadPageQueriesRefused,
  myBookings,
  mySales,
} from "#tests/support/listings";
import { newPerson, type Person } from "#tests/support/people";
import { expectReadInOrderFrom, planOf } from "#tests/support/query-plans";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { bookingsPage } from "./bookings.queries";

// docs/api.md, GET /api/me/bookings and /api/me/sales: the caller's own
// bookings (or those on their bikes), newest first, a page at a time, with
// nothing lost or repeated while bookings are made between pages.

let t: TestApp;
let categories: CategoryIds;
beforeAll(async () => {
  t = await createTestApp();
  categories = await categoryIds(t);
});
afterAll(() => t?.close());

type ListPath = "/api/me/bookings" | "/api/me/sales";

const page = async (path: ListPath, who: Person, query = "") =>
  expectJson<BookingPage>(await t.request(`${path}${query}`, { cookie: who.cookie }), 200);

/** Books a new bike of `seller` as `buyer`, dated `minutesAgo` before now. */
async function bookingMade(seller: Person, buyer: Person, minutesAgo: number): Promise<Booking> {
  const bike = await listBike(t, seller, categories.SUZUKI, { title: `Bike ${minutesAgo}` });
  const booking = await book(t, buyer, bike.id);
  const createdAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await t.deps.db.updateTable("bookings").set({ createdAt }).where("id", "=", booking.id).execute();
  return { ...booking, createdAt };
}

describe.each([
  ["/api/me/bookings", "buyer"],
  ["/api/me/sales", "seller"],
] as const)("GET %s", (path, side) => {
  test("newest first, a page at a time, nothing lost or repeated; others' bookings are not there", async () => {
    const [seller, buyer, otherSeller, otherBuyer] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
    ]);
    const made: Booking[] = [];
    for (const minutesAgo of [50, 40, 30, 20, 10]) {
      made.push(await bookingMade(seller, buyer, minutesAgo));
    }
    await bookingMade(otherSeller, otherBuyer, 5);
    const caller = side === "buyer" ? buyer : seller;
    const newestFirst = made.map((booking) => booking.id).reverse();

    const first = await page(path, caller, "?limit=2");
    expect(first.items.map((booking) => booking.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.items[0]).toMatchObject({ bike: { title: "Bike 10" }, status: "pending" });

    // A booking made between two pages goes on top, and the next page is the one that was next.
    const newest = await bookingMade(seller, buyer, 0);
    const second = await page(path, caller, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((booking) => booking.id)).toEqual(newestFirst.slice(2, 4));
    const last = await page(path, caller, `?limit=2&cursor=${second.nextCursor}`);
    expect(last.items.map((booking) => booking.id)).toEqual(newestFirst.slice(4));
    expect(last.nextCursor).toBeNull();

    expect((await page(path, caller)).items.map((booking) => booking.id)).toEqual([
      newest.id,
      ...newestFirst,
    ]);
  });

  test("bookings made in the same instant are each listed once, across every page boundary", async () => {
    const [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
    const made: Booking[] = [];
    for (let i = 0; i < 4; i++) made.push(await bookingMade(seller, buyer, 0));
    const sameInstant = new Date(Date.now() - 60_000).toISOString();
    await t.deps.db
      .updateTable("bookings")
      .set({ createdAt: sameInstant })
      .where(
        "id",
        "in",
        made.map((booking) => booking.id),
      )
      .execute();
    const caller = side === "buyer" ? buyer : seller;

    const pages = await everyPage<Booking>(t, caller, `${path}?limit=1`);
    expect(pages.every((items) => items.length === 1)).toBe(true);
    expect(pages.flat().map((booking) => booking.id)).toEqual(
      made
        .map((booking) => booking.id)
        .sort()
        .reverse(),
    );
  });

  test("a made-up cursor or a limit out of range is refused with 400 and the field", async () => {
    const caller = await newPerson(t, side);
    await expectBadPageQueriesRefused(t, caller, path);
  });
});

test("twenty a page unless asked; the test helpers that follow every cursor see them all", async () => {
  const [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
  const made: Booking[] = [];
  for (let i = 0; i < 21; i++) made.push(await bookingMade(seller, buyer, 30 - i));

  const first = await page("/api/me/bookings", buyer);
  expect(first.items).toHaveLength(20);
  expect(first.nextCursor).toEqual(expect.any(String));
  const everyId = made.map((booking) => booking.id).reverse();
  expect((await myBookings(t, buyer)).map((booking) => booking.id)).toEqual(everyId);
  expect((await mySales(t, seller)).map((booking) => booking.id)).toEqual(everyId);
});

test.each([
  { of: { buyerId: "someone" }, index: "bookings_buyer" },
  { of: { sellerId: "someone" }, index: "bookings_seller" },
] as const)("a page is read in order from $index, on both databases", async ({ of, index }) => {
  const { db, dialect } = t.deps;
  expectReadInOrderFrom(
    await planOf(db, dialect, bookingsPage(db, of, undefined, 20).compile()),
    index,
  );
});
