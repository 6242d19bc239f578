import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Booking } from "#src/shared/schemas/bookings";
import { expectJson } from "#tests/support/builders/api";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// docs/api.md: POST /api/bookings with an Idempotency-Key. A client whose
// answer was lost (a dropped connection, a 503) sends the same request again
// with the same key and gets the first booking, never a second.

let t: TestApp;
let seller: Person;
let buyer: Person;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer] = await Promise.all([newPerson(t, "seller"), newPerson(t, "buyer")]);
  categoryId = (await categoryIds(t)).SUZUKI;
});
afterAll(() => t?.close());

function bookWithKey(who: Person, bikeId: string, key: string) {
  return t.request("/api/bookings", {
    body: { bikeId, phone: "+8801911000002", meetingLocation: "Gulshan 2 circle" },
    cookie: who.cookie,
    headers: { "idempotency-key": key },
  });
}

async function bookingsOfBike(bikeId: string) {
  return t.deps.db.selectFrom("bookings").select("id").where("bikeId", "=", bikeId).execute();
}

describe("POST /api/bookings with an Idempotency-Key", () => {
  test("a retry with the same key answers the first booking and stores one", async () => {
    const bike = await listBike(t, seller, categoryId);
    const first = await expectJson<Booking>(await bookWithKey(buyer, bike.id, "intent-1"), 201);
    const again = await expectJson<Booking>(await bookWithKey(buyer, bike.id, "intent-1"), 201);
    expect(again.id).toBe(first.id);
    expect(await bookingsOfBike(bike.id)).toHaveLength(1);
  });

  test("retries sent at the same moment still make one booking", async () => {
    const bike = await listBike(t, seller, categoryId);
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => bookWithKey(buyer, bike.id, "intent-2")),
    );
    const ids = await Promise.all(responses.map((r) => expectJson<Booking>(r, 201)));
    expect(new Set(ids.map((booking) => booking.id)).size).toBe(1);
    expect(await bookingsOfBike(bike.id)).toHaveLength(1);
  });

  test("a new key is a new intent: the taken bike answers 409", async () => {
    const bike = await listBike(t, seller, categoryId);
    await expectJson<Booking>(await bookWithKey(buyer, bike.id, "intent-3"), 201);
    expect((await bookWithKey(buyer, bike.id, "intent-4")).status).toBe(409);
  });

  test("keys are per buyer: another buyer's same key books nothing of theirs", async () => {
    const other = await newPerson(t, "buyer");
    const bike = await listBike(t, seller, categoryId);
    const mine = await expectJson<Booking>(await bookWithKey(buyer, bike.id, "shared-key"), 201);
    const theirs = await bookWithKey(other, bike.id, "shared-key");
    expect(theirs.status).toBe(409);
    expect(mine.id).toBeTruthy();
  });

  test("a malformed key is a 400", async () => {
    const bike = await listBike(t, seller, categoryId);
    const response = await bookWithKey(buyer, bike.id, "x".repeat(201));
    expect(response.status).toBe(400);
    expect(await bookingsOfBike(bike.id)).toHaveLength(0);
  });
});
