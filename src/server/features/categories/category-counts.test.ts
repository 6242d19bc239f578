import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import type { Booking } from "#src/shared/schemas/bookings";
import type { Category, CategoryName } from "#src/shared/schemas/categories";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book, moveBooking, requestBooking, requestStatus } from "#tests/support/builders/booking";
import { marketplaceInconsistencies } from "#tests/support/invariants";
import { newPeople, newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { categoryCountsMigration } from "../../db/migrations/007-category-counts";

// GET /api/categories reads the available count of each category from a
// table the database keeps (migration 007). These tests write through the
// public API in every way that can change what is counted and check, after
// each step, that the list shows exactly what counting the bikes gives.
// On PostgreSQL the concurrent part runs the writes truly in parallel.

let t: TestApp;
let categories: CategoryIds;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  [categories, admin] = await Promise.all([categoryIds(t), theAdmin(t)]);
});
afterAll(() => t?.close());

type Counts = Record<CategoryName, number>;

/** What the list shows. */
async function shown(): Promise<Counts> {
  const list = await expectJson<Category[]>(await t.request("/api/categories"), 200);
  return Object.fromEntries(list.map((c) => [c.name, c.availableCount])) as Counts;
}

/** What counting the bikes gives. */
async function counted(): Promise<Counts> {
  const rows = await t.deps.db
    .selectFrom("categories")
    .leftJoin("bikes", (join) =>
      join.onRef("bikes.categoryId", "=", "categories.id").on("bikes.status", "=", "available"),
    )
    .select((eb) => ["categories.name", eb.fn.count<number>("bikes.id").as("count")])
    .groupBy("categories.name")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.count)])) as Counts;
}

/** The list is right, and moved by `change` from `before`. */
async function expectCounts(before: Counts, change: Partial<Counts>): Promise<Counts> {
  const now = await shown();
  expect(now).toEqual(await counted());
  const expected = { ...before };
  for (const [name, delta] of Object.entries(change) as Array<[CategoryName, number]>) {
    expected[name] += delta;
  }
  expect(now).toEqual(expected);
  return now;
}

function editBike(who: Person, bikeId: string, body: Record<string, unknown>) {
  return t.request(`/api/bikes/${bikeId}`, { method: "PATCH", body, cookie: who.cookie });
}

async function deleteAccount(person: Pick<Person, "id">) {
  const response = await t.request(`/api/users/${person.id}`, {
    method: "DELETE",
    cookie: admin.cookie,
  });
  expect(response.status).toBe(204);
}

describe("available counts per category follow every write", () => {
  test("listing, editing, booking, selling, deleting and account deletion", async () => {
    const [seller, other, buyer] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
    ]);
    let counts = await shown();

    // A new listing is available at once.
    const ktm = await listBike(t, seller, categories.KTM);
    const suzuki = await listBike(t, seller, categories.SUZUKI);
    counts = await expectCounts(counts, { KTM: 1, SUZUKI: 1 });

    // Edits that leave status and category alone change nothing.
    expect((await editBike(seller, ktm.id, { resalePrice: 1500, advertised: true })).status).toBe(
      200,
    );
    counts = await expectCounts(counts, {});

    // Moving an available bike to another category moves its count.
    expect((await editBike(seller, ktm.id, { categoryId: categories.YAMAHA })).status).toBe(200);
    counts = await expectCounts(counts, { KTM: -1, YAMAHA: 1 });

    // Booked: no longer available; declined: available again.
    const declined = await book(t, buyer, ktm.id);
    counts = await expectCounts(counts, { YAMAHA: -1 });
    await moveBooking(t, seller, declined.id, "declined");
    counts = await expectCounts(counts, { YAMAHA: 1 });

    // A booked bike moved to another category isn't counted in either.
    const cancelled = await book(t, buyer, ktm.id);
    counts = await expectCounts(counts, { YAMAHA: -1 });
    expect((await editBike(seller, ktm.id, { categoryId: categories.KTM })).status).toBe(200);
    counts = await expectCounts(counts, {});
    // The buyer cancels: available again, in the category it is in now.
    await moveBooking(t, buyer, cancelled.id, "cancelled");
    counts = await expectCounts(counts, { KTM: 1 });

    // Accepted and completed: sold, not available.
    const sale = await book(t, buyer, suzuki.id);
    await moveBooking(t, seller, sale.id, "accepted");
    await moveBooking(t, seller, sale.id, "completed");
    counts = await expectCounts(counts, { SUZUKI: -1 });

    // Deleting an available listing takes it off; deleting a sold one changes nothing.
    const deleted = await t.request(`/api/bikes/${ktm.id}`, {
      method: "DELETE",
      cookie: seller.cookie,
    });
    expect(deleted.status).toBe(204);
    counts = await expectCounts(counts, { KTM: -1 });
    await t.request(`/api/bikes/${suzuki.id}`, { method: "DELETE", cookie: admin.cookie });
    counts = await expectCounts(counts, {});

    // A deleted seller's available listings go with the account, a booked one too.
    await listBike(t, other, categories.KTM);
    await listBike(t, other, categories.KTM);
    const otherBooked = await listBike(t, other, categories.YAMAHA);
    await book(t, buyer, otherBooked.id);
    counts = await expectCounts(counts, { KTM: 2 });
    const stillListed = await listBike(t, seller, categories.SUZUKI);
    counts = await expectCounts(counts, { SUZUKI: 1 });
    await deleteAccount(other);
    counts = await expectCounts(counts, { KTM: -2 });

    // A deleted buyer's booked bike becomes available again.
    await book(t, buyer, stillListed.id);
    counts = await expectCounts(counts, { SUZUKI: -1 });
    await deleteAccount(buyer);
    counts = await expectCounts(counts, { SUZUKI: 1 });
    expect(await marketplaceInconsistencies(t.deps.db)).toEqual([]);
  });
});

describe("available counts stay exact under concurrent writes", () => {
  test("listings, bookings, moves, deletions and account deletions at once", async () => {
    const [sellers, buyers] = await Promise.all([
      newPeople(t, "seller", 4),
      newPeople(t, "buyer", 6),
    ]);
    const names = ["SUZUKI", "YAMAHA", "KTM"] as const;
    const idOf = (i: number) => categories[names[i % names.length] ?? "KTM"];

    // Every seller lists bikes in every category at once.
    const listed = await Promise.all(
      sellers.flatMap((seller, s) =>
        Array.from({ length: 6 }, (_, i) => listBike(t, seller, idOf(s + i))),
      ),
    );
    expect(await shown()).toEqual(await counted());

    // Buyers race for the same bikes while sellers move bikes between
    // categories in opposite directions and delete others.
    const bySeller = (seller: Person) => listed.filter((bike) => bike.seller.id === seller.id);
    const contested = sellers.map((seller) => bySeller(seller)[0] as BikeDetail);
    const bookings = Promise.all(
      buyers.flatMap((buyer) => contested.map((bike) => requestBooking(t, buyer, bike.id))),
    );
    const moves = Promise.all(
      sellers.flatMap((seller, s) =>
        bySeller(seller)
          .slice(1, 4)
          .map((bike, i) =>
            editBike(seller, bike.id, { categoryId: idOf(s % 2 === 0 ? i + 1 : i + 2) }),
          ),
      ),
    );
    const deletions = Promise.all(
      sellers.map((seller) =>
        t.request(`/api/bikes/${bySeller(seller)[4]?.id}`, {
          method: "DELETE",
          cookie: seller.cookie,
        }),
      ),
    );
    const [booked, moved, gone] = await Promise.all([bookings, moves, deletions]);
    expect(booked.filter((response) => response.status === 201)).toHaveLength(contested.length);
    expect(moved.map((response) => response.status).every((status) => status === 200)).toBe(true);
    expect(gone.map((response) => response.status).every((status) => status === 204)).toBe(true);
    expect(await shown()).toEqual(await counted());

    // Then every booking gets its reply at once (half declined, half accepted),
    // while a seller and a buyer delete their accounts and a new listing arrives.
    const active = (
      await Promise.all(
        booked
          .filter((response) => response.status === 201)
          .map((response) => expectJson<Booking>(response, 201)),
      )
    ).map((booking) => ({
      booking,
      seller: sellers[contested.findIndex((bike) => bike.id === booking.bikeId)],
    }));
    await Promise.all([
      ...active.map(({ booking, seller }, i) =>
        requestStatus(t, seller as Person, booking.id, i % 2 === 0 ? "declined" : "accepted"),
      ),
      deleteAccount(sellers[3] as Person),
      deleteAccount(buyers[0] as Person),
      listBike(t, sellers[0] as Person, categories.YAMAHA),
    ]);
    expect(await shown()).toEqual(await counted());
    expect(await marketplaceInconsistencies(t.deps.db)).toEqual([]);
  }, 60_000);
});

// Last in the file: taking 007 down and up again leaves 007's own triggers,
// not the later migrations' (020 hidden bikes, 026 counted at commit), and
// the tests above must run on the triggers a migrated database has.
describe("the count table's migration", () => {
  test("counts the bikes already there", async () => {
    const before = await shown();
    const migration = categoryCountsMigration(t.deps.dialect);
    await migration.down(t.deps.db);
    await migration.up(t.deps.db);
    expect(await shown()).toEqual(before);
    expect(await shown()).toEqual(await counted());
  });
});
