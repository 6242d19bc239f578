import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page, WishlistEntry } from "#src/shared/schemas/bikes";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import {
  addToWishlist,
  everyPage,
  expectBadPageQueriesRefused,
  wishlist,
} from "#tests/support/listings";
import { newPerson, type Person } from "#tests/support/people";
import { expectReadInOrderFrom, planOf } from "#tests/support/query-plans";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { wishlistPage } from "./wishlist.queries";

// docs/api.md, GET /api/me/wishlist: the caller's saved bikes, newest first,
// a page at a time, nothing lost or repeated while they save more between
// pages, and a page's cost not growing with what they saved.

let t: TestApp;
let categories: CategoryIds;
let seller: Person;
beforeAll(async () => {
  t = await createTestApp();
  [categories, seller] = await Promise.all([categoryIds(t), newPerson(t, "seller")]);
});
afterAll(() => t?.close());

const page = async (who: Person, query = "") =>
  expectJson<Page<WishlistEntry>>(
    await t.request(`/api/me/wishlist${query}`, { cookie: who.cookie }),
    200,
  );

const idsOf = (entries: WishlistEntry[]) => entries.map((entry) => entry.bike.id);

/** A new bike saved by `buyer`, its save dated `minutesAgo` before now. */
async function savedAgo(buyer: Person, minutesAgo: number): Promise<string> {
  const bike = await listBike(t, seller, categories.SUZUKI, { title: `Saved ${minutesAgo}` });
  await addToWishlist(t, buyer, bike.id);
  const addedAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await t.deps.db
    .updateTable("wishlist")
    .set({ addedAt })
    .where("userId", "=", buyer.id)
    .where("bikeId", "=", bike.id)
    .execute();
  return bike.id;
}

describe("GET /api/me/wishlist", () => {
  test("newest first, a page at a time, nothing lost or repeated; others' saves are not there", async () => {
    const [buyer, otherBuyer] = await Promise.all([newPerson(t, "buyer"), newPerson(t, "buyer")]);
    const saved: string[] = [];
    for (const minutesAgo of [50, 40, 30, 20, 10]) saved.push(await savedAgo(buyer, minutesAgo));
    await savedAgo(otherBuyer, 5);
    const newestFirst = [...saved].reverse();

    const first = await page(buyer, "?limit=2");
    expect(idsOf(first.items)).toEqual(newestFirst.slice(0, 2));
    expect(first.items[0]).toMatchObject({
      firstWishlistItem: false,
      bike: { title: "Saved 10", wishlisted: true },
    });

    // A bike saved between two pages goes on top, and the next page is the one that was next.
    const newest = await savedAgo(buyer, 0);
    const second = await page(buyer, `?limit=2&cursor=${first.nextCursor}`);
    expect(idsOf(second.items)).toEqual(newestFirst.slice(2, 4));
    const last = await page(buyer, `?limit=2&cursor=${second.nextCursor}`);
    expect(idsOf(last.items)).toEqual(newestFirst.slice(4));
    // The first bike this buyer ever saved: the 5% promotion's, on whichever page it is.
    expect(last.items[0]).toMatchObject({ firstWishlistItem: true, bike: { title: "Saved 50" } });
    expect(last.nextCursor).toBeNull();

    expect(idsOf(await wishlist(t, buyer))).toEqual([newest, ...newestFirst]);
  });

  test("bikes saved in the same instant are each listed once, across every page boundary", async () => {
    const buyer = await newPerson(t, "buyer");
    const saved: string[] = [];
    for (let i = 0; i < 4; i++) saved.push(await savedAgo(buyer, 1));
    const sameInstant = new Date(Date.now() - 60_000).toISOString();
    await t.deps.db
      .updateTable("wishlist")
      .set({ addedAt: sameInstant })
      .where("userId", "=", buyer.id)
      .execute();

    const pages = await everyPage<WishlistEntry>(t, buyer, "/api/me/wishlist?limit=1");
    for (const items of pages) expect(items).toHaveLength(1);
    expect(idsOf(pages.flat())).toEqual([...saved].sort().reverse());
  });

  test("twenty-four a page unless asked", async () => {
    const buyer = await newPerson(t, "buyer");
    for (let i = 0; i < 25; i++) await savedAgo(buyer, 30 - i);
    const first = await page(buyer);
    expect(first.items).toHaveLength(24);
    expect(first.items[0]?.bike.title).toBe("Saved 6");
    const rest = await page(buyer, `?cursor=${first.nextCursor}`);
    expect(rest.items.map((entry) => entry.bike.title)).toEqual(["Saved 30"]);
    expect(rest.nextCursor).toBeNull();
  });

  test("a made-up cursor or a limit out of range is refused with 400 and the field", async () => {
    const buyer = await newPerson(t, "buyer");
    await expectBadPageQueriesRefused(t, buyer, "/api/me/wishlist");
  });

  test("a page is read in order from the (userId, addedAt) index, on both databases", async () => {
    const buyer = await newPerson(t, "buyer");
    for (let i = 0; i < 3; i++) await savedAgo(buyer, i);
    const { db, dialect } = t.deps;
    const plan = await planOf(
      db,
      dialect,
      wishlistPage(db, { id: buyer.id, role: "user" }, undefined, 24).compile(),
    );
    expectReadInOrderFrom(plan, "wishlist_user_added");
  });
});
