import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import type { BikeStatus } from "#src/shared/schemas/bikes";
import type { BookingStatus } from "#src/shared/schemas/bookings";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking, requestBooking, requestStatus } from "#tests/support/builders/booking";
import { marketplaceInconsistencies } from "#tests/support/invariants";
import { myBookings, viewBike } from "#tests/support/listings";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// docs/api.md, PATCH /api/bookings/:id: who may move a booking from which
// status to which, and what the bike becomes.

type Side = "buyer" | "seller";

let t: TestApp;
let categories: CategoryIds;
let seller: Person;
let buyer: Person;
let otherSeller: Person;
let admin: Person;
let otherBuyer: Person;

beforeAll(async () => {
  t = await createTestApp();
  [categories, seller, buyer, otherSeller, admin, otherBuyer] = await Promise.all([
    categoryIds(t),
    newPerson(t, "seller"),
    newPerson(t, "buyer"),
    newPerson(t, "seller", "Other Seller"),
    theAdmin(t),
    newPerson(t, "buyer", "Other Buyer"),
  ]);
});
afterAll(() => t?.close());

const party = (side: Side) => (side === "buyer" ? buyer : seller);

/** A fresh bike with a booking brought to `status` along allowed moves. */
type Reachable = Exclude<BookingStatus, "expired">;

async function bookingIn(status: Reachable) {
  const bike = await listBike(t, seller, categories.SUZUKI);
  const booking = await book(t, buyer, bike.id);
  const path: Record<Reachable, Array<[Side, BookingStatus]>> = {
    pending: [],
    accepted: [["seller", "accepted"]],
    declined: [["seller", "declined"]],
    cancelled: [["buyer", "cancelled"]],
    completed: [
      ["seller", "accepted"],
      ["seller", "completed"],
    ],
  };
  for (const [side, to] of path[status]) await moveBooking(t, party(side), booking.id, to);
  return { bikeId: bike.id, bookingId: booking.id };
}

// biome-ignore format: the table reads best as a table
const ALLOWED: Array<{ side: Side; from: Reachable; to: BookingStatus; bike: BikeStatus }> = [
  { side: "buyer",  from: "pending",  to: "cancelled", bike: "available" },
  { side: "buyer",  from: "accepted", to: "cancelled", bike: "available" },
  { side: "seller", from: "pending",  to: "accepted",  bike: "booked" },
  { side: "seller", from: "pending",  to: "declined",  bike: "available" },
  { side: "seller", from: "accepted", to: "declined",  bike: "available" },
  { side: "seller", from: "accepted", to: "completed", bike: "sold" },
];

describe("allowed transitions", () => {
  test.each(ALLOWED)("$side: $from → $to, bike becomes $bike", async ({ side, from, to, bike }) => {
    const { bikeId, bookingId } = await bookingIn(from);
    const moved = await moveBooking(t, party(side), bookingId, to);
    expect(moved).toMatchObject({ id: bookingId, status: to });
    expect((await viewBike(t, buyer, bikeId)).status).toBe(bike);
    // Both sides see the new status, and the answer is the booking as a read shows it
    // (answered from the write's own statements, phone and all).
    expect((await myBookings(t, buyer)).find((b) => b.id === bookingId)).toEqual(moved);
  });

  test("a new booking's answer is the booking as a read shows it", async () => {
    const bike = await listBike(t, seller, categories.SUZUKI);
    const booking = await book(t, buyer, bike.id);
    expect((await myBookings(t, buyer)).find((b) => b.id === booking.id)).toEqual(booking);
  });

  test("a bike made available again by a decline or a cancel can be booked by someone else", async () => {
    const declined = await bookingIn("declined");
    const cancelled = await bookingIn("cancelled");
    const next = await newPerson(t, "buyer");
    expect((await requestBooking(t, next, declined.bikeId)).status).toBe(201);
    expect((await requestBooking(t, next, cancelled.bikeId)).status).toBe(201);
  });

  test("a sold bike can't be booked", async () => {
    const { bikeId } = await bookingIn("completed");
    const response = await requestBooking(t, await newPerson(t, "buyer"), bikeId);
    expect(response.status).toBe(409);
  });
});

// biome-ignore format: the table reads best as a table
const DISALLOWED: Array<{ side: Side; from: Reachable; to: BookingStatus }> = [
  { side: "buyer",  from: "pending",   to: "accepted" },
  { side: "buyer",  from: "pending",   to: "declined" },
  { side: "buyer",  from: "accepted",  to: "completed" },
  { side: "buyer",  from: "cancelled", to: "cancelled" },
  { side: "buyer",  from: "declined",  to: "cancelled" },
  { side: "buyer",  from: "completed", to: "cancelled" },
  { side: "seller", from: "pending",   to: "completed" },
  { side: "seller", from: "pending",   to: "cancelled" },
  { side: "seller", from: "accepted",  to: "accepted" },
  { side: "seller", from: "declined",  to: "accepted" },
  { side: "seller", from: "cancelled", to: "accepted" },
  { side: "seller", from: "completed", to: "declined" },
];

describe("disallowed transitions are 409 and change nothing", () => {
  test.each(DISALLOWED)("$side: $from → $to", async ({ side, from, to }) => {
    const { bikeId, bookingId } = await bookingIn(from);
    const bikeBefore = (await viewBike(t, buyer, bikeId)).status;
    const response = await requestStatus(t, party(side), bookingId, to);
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.code).toBe("CONFLICT");
    expect((await myBookings(t, buyer)).find((b) => b.id === bookingId)?.status).toBe(from);
    expect((await viewBike(t, buyer, bikeId)).status).toBe(bikeBefore);
  });
});

describe("only the booking's buyer and seller may move it", () => {
  test.each([
    { who: "the admin", caller: () => admin },
    { who: "another seller", caller: () => otherSeller },
    { who: "another buyer", caller: () => otherBuyer },
  ])("$who gets 403 for every move, and nothing changes", async ({ caller }) => {
    const { bikeId, bookingId } = await bookingIn("pending");
    for (const to of ["accepted", "declined", "cancelled", "completed"] as const) {
      const response = await requestStatus(t, caller(), bookingId, to);
      expect(response.status, to).toBe(403);
    }
    expect((await myBookings(t, buyer)).find((b) => b.id === bookingId)?.status).toBe("pending");
    expect((await viewBike(t, buyer, bikeId)).status).toBe("booked");
  });

  test("a status outside the four moves is 400; an unknown booking is 404", async () => {
    const { bookingId } = await bookingIn("pending");
    const pending = await requestStatus(t, seller, bookingId, "pending");
    expect(pending.status).toBe(400);
    expect(((await pending.json()) as ErrorBody).error.fields).toHaveProperty("status");
    const missing = await requestStatus(t, seller, "no-such-booking", "accepted");
    expect(missing.status).toBe(404);
  });
});

test("after all of these moves, every bike and booking agree with each other", async () => {
  expect(await marketplaceInconsistencies(t.deps.db)).toEqual([]);
});
