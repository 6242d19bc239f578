import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signUp } from "#tests/support/accounts";
import { addBike, type Market, openMarket, search, titles } from "#tests/support/search-market";
import { createTestApp } from "#tests/support/test-app";
import { countBikes } from "./bike-listing";

// The words a search finds follow every write to a bike: the app rewrites the
// search columns, and the database's triggers keep its full-text index in step.

let market: Market;

/** Counted through the full-text index, as the search's total always is. */
async function indexCount(q: string) {
  const { db, dialect } = market.t.deps;
  return (await countBikes(db, dialect, { q, availableOnly: true }, 1000)).total;
}

beforeAll(async () => {
  market = await openMarket(await createTestApp());
});
afterAll(() => market?.t.close());

describe("the search index follows every write", () => {
  test("an edited title is found by its new words only; a deleted bike not at all", async () => {
    const bike = await addBike(market, { title: "Honda Hornet stray listing" });
    expect(titles(await search(market, { q: "hornet" }))).toEqual(["Honda Hornet stray listing"]);
    const edit = await market.t.request(`/api/bikes/${bike.id}`, {
      method: "PATCH",
      body: { title: "Bajaj Pulsar renamed" },
      cookie: market.seller,
    });
    expect(edit.status).toBe(200);
    expect(titles(await search(market, { q: "hornet" }))).toEqual([]);
    expect(titles(await search(market, { q: "pulsar" }))).toEqual(["Bajaj Pulsar renamed"]);
    // The index is asked for the stored words a query word starts (migration
    // 008): a word that arrived with an edit is among them at once.
    expect(await indexCount("puls")).toBe(1);
    expect(await indexCount("hornet")).toBe(0);
    const gone = await market.t.request(`/api/bikes/${bike.id}`, {
      method: "DELETE",
      cookie: market.seller,
    });
    expect(gone.status).toBe(204);
    expect(titles(await search(market, { q: "pulsar" }))).toEqual([]);
  });

  test("a deleted account's bikes leave the index, and later bikes don't inherit their words", async () => {
    const leaving = await signUp(market.t, { accountType: "seller" });
    const bike = await addBike(market, { title: "Zongshen leaving soon", cookie: leaving });
    const { id } = (await (await market.t.request("/api/me", { cookie: leaving })).json()) as {
      id: string;
    };
    const removed = await market.t.request(`/api/users/${id}`, {
      method: "DELETE",
      cookie: market.admin,
    });
    expect(removed.status).toBe(204);
    expect(titles(await search(market, { q: "zongshen" }))).toEqual([]);
    // On SQLite a new row may reuse the deleted row's rowid: stale index entries would show here.
    await addBike(market, { title: "Lifan newcomer" });
    expect(titles(await search(market, { q: "zongshen" }))).toEqual([]);
    // Its words stay in the vocabulary and match nothing.
    expect(await indexCount("zongshen")).toBe(0);
    expect(await indexCount("newcom")).toBe(1);
    expect(bike.id).toBeTruthy();
  });
});
