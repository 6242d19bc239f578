import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ListedBike, Page } from "#src/shared/schemas/bikes";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import { everyPage, expectBadPageQueriesRefused, myBikes } from "#tests/support/listings";
import { newPerson, type Person } from "#tests/support/people";
import { expectReadInOrderFrom, planOf } from "#tests/support/query-plans";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { sellerBikesPage } from "./bikes.queries";

// docs/api.md, GET /api/me/bikes: the seller's own listings in every status,
// newest first, a page at a time, with nothing lost or repeated while they
// list more between pages.

let t: TestApp;
let categories: CategoryIds;
beforeAll(async () => {
  t = await createTestApp();
  categories = await categoryIds(t);
});
afterAll(() => t?.close());

const page = async (who: Person, query = "") =>
  expectJson<Page<ListedBike>>(
    await t.request(`/api/me/bikes${query}`, { cookie: who.cookie }),
    200,
  );

const idsOf = (bikes: { id: string }[]) => bikes.map((bike) => bike.id);

/** Lists a bike as `seller`, posted `minutesAgo` before now. */
async function listedAgo(seller: Person, minutesAgo: number): Promise<ListedBike> {
  const bike = await listBike(t, seller, categories.YAMAHA, { title: `Listing ${minutesAgo}` });
  const postedAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await t.deps.db.updateTable("bikes").set({ postedAt }).where("id", "=", bike.id).execute();
  return { ...bike, postedAt };
}

describe("GET /api/me/bikes", () => {
  test("newest first, a page at a time, nothing lost or repeated, booked ones included; others' bikes are not there", async () => {
    const [seller, otherSeller, buyer] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
    ]);
    const listed: ListedBike[] = [];
    for (const minutesAgo of [50, 40, 30, 20, 10]) listed.push(await listedAgo(seller, minutesAgo));
    await listedAgo(otherSeller, 5);
    await book(t, buyer, listed[0]?.id ?? "");
    const newestFirst = idsOf(listed).reverse();

    const first = await page(seller, "?limit=2");
    expect(idsOf(first.items)).toEqual(newestFirst.slice(0, 2));
    expect(first.items[0]).toMatchObject({ title: "Listing 10", phone: expect.any(String) });

    // A listing added between two pages goes on top, and the next page is the one that was next.
    const newest = await listedAgo(seller, 0);
    const second = await page(seller, `?limit=2&cursor=${first.nextCursor}`);
    expect(idsOf(second.items)).toEqual(newestFirst.slice(2, 4));
    const last = await page(seller, `?limit=2&cursor=${second.nextCursor}`);
    expect(idsOf(last.items)).toEqual(newestFirst.slice(4));
    expect(last.items[0]).toMatchObject({ title: "Listing 50", status: "booked" });
    expect(last.nextCursor).toBeNull();

    expect(idsOf(await myBikes(t, seller))).toEqual([newest.id, ...newestFirst]);
  });

  test("listings posted in the same instant are each listed once, across every page boundary", async () => {
    const seller = await newPerson(t, "seller");
    const listed: ListedBike[] = [];
    for (let i = 0; i < 4; i++) listed.push(await listedAgo(seller, 0));
    const sameInstant = new Date(Date.now() - 60_000).toISOString();
    await t.deps.db
      .updateTable("bikes")
      .set({ postedAt: sameInstant })
      .where("id", "in", idsOf(listed))
      .execute();

    const pages = await everyPage<ListedBike>(t, seller, "/api/me/bikes?limit=1");
    for (const items of pages) expect(items).toHaveLength(1);
    expect(idsOf(pages.flat())).toEqual(idsOf(listed).sort().reverse());
  });

  test("twenty-four a page unless asked", async () => {
    const seller = await newPerson(t, "seller");
    for (let i = 0; i < 25; i++) await listedAgo(seller, 30 - i);
    const first = await page(seller);
    expect(first.items).toHaveLength(24);
    expect(first.items[0]?.title).toBe("Listing 6");
    const rest = await page(seller, `?cursor=${first.nextCursor}`);
    expect(rest.items.map((bike) => bike.title)).toEqual(["Listing 30"]);
    expect(rest.nextCursor).toBeNull();
  });

  test("a made-up cursor or a limit out of range is refused with 400 and the field", async () => {
    const seller = await newPerson(t, "seller");
    await expectBadPageQueriesRefused(t, seller, "/api/me/bikes");
  });
});

test("a page is read in order from the (sellerId, postedAt) index, on both databases", async () => {
  const { db, dialect } = t.deps;
  const query = sellerBikesPage(db, { id: "someone" }, undefined, 24).compile();
  expectReadInOrderFrom(await planOf(db, dialect, query), "bikes_seller_posted");
});
