import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { versionReadsDuring } from "#tests/support/version-reads";

// A cached read's handler checks what it keeps apart under one key (the fair prices'
// histograms, the search's vocabulary lookups) against the versions its cachedRead read
// with the scope (middleware/cached-read.ts, `versionsReadFor`): on PostgreSQL a read of
// the versions of its own would be one more round trip for every answer read afresh.

describe("an answer read afresh reads the versions once", () => {
  let t: TestApp;
  let seller: Person;
  let buyer: Person;
  let categories: CategoryIds;
  let bikeId: string;
  beforeAll(async () => {
    t = await createTestApp();
    [seller, buyer, categories] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
      categoryIds(t),
    ]);
    bikeId = (await listBike(t, seller, categories.YAMAHA, { title: "Yamaha MT-15" })).id;
    const advertised = await t.request(`/api/bikes/${bikeId}`, {
      method: "PATCH",
      cookie: seller.cookie,
      body: { advertised: true },
    });
    expect(advertised.status).toBe(200);
  });
  afterAll(() => t?.close());

  /** The reads of the versions made while `run` runs, the session's check aside. */
  const readsDuring = async (run: () => Promise<void>) =>
    (await versionReadsDuring(t, run)).filter(
      (read) => !read.startsWith("scope session:") && read !== "session as stored",
    );

  for (const [name, path] of [
    ["the search", "/api/bikes?q=yamaha"],
    ["a bike's page", () => `/api/bikes/${bikeId}`],
    ["the home page's advertised bikes", "/api/bikes/advertised"],
  ] as const) {
    test(`${name}, after a listing moved its versions: its scope's read and nothing else`, async () => {
      // A new listing in the same category moves the catalog and that category's prices.
      await listBike(t, seller, categories.YAMAHA, { title: "Yamaha R15" });
      const target = typeof path === "string" ? path : path();
      const reads = await readsDuring(async () => {
        const answer = await t.request(target, { cookie: buyer.cookie });
        expect(answer.status).toBe(200);
        const body = (await answer.json()) as { items?: unknown[] };
        if (body.items) expect(body.items.length).toBeGreaterThan(0);
      });
      expect(reads).toEqual([expect.stringMatching(/^scope with versions /)]);
    });
  }
});
