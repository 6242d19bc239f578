import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BikeSort } from "#src/shared/schemas/search";
import type { User } from "#src/shared/schemas/users";
import { addBike, type Market, type NewBike, openMarket } from "#tests/support/search-market";
import { createTestApp } from "#tests/support/test-app";
import { AVAILABLE_DETAILS_INDEX } from "../../db/migrations/028-available-bike-indexes";
import { type BikeFilters, fieldFilter } from "./bike-filters";
import { countBikes, listBikes } from "./bike-listing";
import type { Cursor } from "./cursor";
import { keyset } from "./keyset";

// A search on listing details finds its page either by reading the sort's
// index in order or, when matches are few, through the details' index
// (detail-index.ts). Both must give the same pages and counts, with
// sold, hidden and detail-less listings left out; and the ordinary walk must
// stay on the sort's index.

let market: Market;
let viewer: User;

const MARKET: Array<NewBike & { title: string }> = [
  { title: "New low miles", mileageKm: 1_000, modelYear: 2025, condition: "excellent" },
  { title: "New tired", mileageKm: 9_000, modelYear: 2024, condition: "needs_work" },
  { title: "New tired twin", mileageKm: 9_000, modelYear: 2024, condition: "needs_work" },
  { title: "Mid good", mileageKm: 20_000, modelYear: 2022, condition: "good", engineCc: 400 },
  { title: "Mid good twin", mileageKm: 20_000, modelYear: 2022, condition: "good", engineCc: 400 },
  { title: "Mid fair", mileageKm: 35_000, modelYear: 2021, condition: "fair", engineCc: 650 },
  { title: "Old big", mileageKm: 80_000, modelYear: 2015, condition: "good", engineCc: 1200 },
  { title: "Sold new", mileageKm: 2_000, modelYear: 2025, condition: "excellent" },
  { title: "Hidden new", mileageKm: 2_000, modelYear: 2025, condition: "needs_work" },
  { title: "Detail-less one" },
  { title: "Detail-less two" },
];

beforeAll(async () => {
  market = await openMarket(await createTestApp());
  for (const bike of MARKET) await addBike(market, { ...bike, resalePrice: 3000 });
  const { db } = market.t.deps;
  await db.updateTable("bikes").set({ status: "sold" }).where("title", "=", "Sold new").execute();
  await db.updateTable("bikes").set({ hidden: 1 }).where("title", "=", "Hidden new").execute();
  await db
    .updateTable("bikes")
    .set({ mileageKm: null, modelYear: null, engineCc: null, condition: null })
    .where("title", "like", "Detail-less%")
    .execute();
  viewer = (await (await market.t.request("/api/me", { cookie: market.buyer })).json()) as User;
});
afterAll(() => market?.t.close());

/** Every title, page by page (two a page), with the given scan budget: 0 takes the details' index at once. */
async function walk(filters: BikeFilters, sort: BikeSort, detailScanBudget: number) {
  const { db, dialect } = market.t.deps;
  const titles: string[] = [];
  let cursor: Cursor | null = null;
  do {
    const page = await listBikes(
      db,
      dialect,
      viewer,
      filters,
      { sort, cursor, limit: 2 },
      { detailScanBudget },
    );
    titles.push(...page.items.map((bike) => bike.title));
    cursor = page.next;
  } while (cursor);
  return titles;
}

const cases: Array<Omit<BikeFilters, "availableOnly">> = [
  { minYear: 2022 },
  { minYear: 2024, condition: "needs_work" },
  { maxMileageKm: 20_000 },
  { minEngineCc: 300, maxEngineCc: 700 },
  { condition: "good", maxPrice: 3000 },
  { minYear: 2030 },
  { maxMileageKm: 0 },
];

describe.each(["newest", "price_asc", "mileage_asc", "year_desc"] as const)("sort %s", (sort) => {
  test.each(cases)("%o: both ways give the same pages and count", async (details) => {
    const filters = { ...details, availableOnly: true };
    const byIndex = await walk(filters, sort, 0);
    // Budgets this small run out on some pages and not others: pages mix the two ways.
    for (const budget of [1, 3, 1_000_000]) {
      expect(await walk(filters, sort, budget)).toEqual(byIndex);
    }
    for (const title of byIndex) expect(title).not.toMatch(/Sold|Hidden|Detail-less/);
    const { db, dialect } = market.t.deps;
    const count = await countBikes(db, dialect, filters, 1000, sort);
    expect(count).toEqual({ total: byIndex.length, capped: false });
  });
});

test("the cases find what they should, so the comparison means something", async () => {
  expect(
    await walk({ minYear: 2024, condition: "needs_work", availableOnly: true }, "newest", 0),
  ).toHaveLength(2);
  // Newest model year first; ties broken by id, which is random here.
  const byYear = await walk({ minYear: 2022, availableOnly: true }, "year_desc", 1_000_000);
  expect(byYear[0]).toBe("New low miles");
  expect(byYear.slice(1, 3).sort()).toEqual(["New tired", "New tired twin"]);
  expect(byYear.slice(3).sort()).toEqual(["Mid good", "Mid good twin"]);
  const { db, dialect } = market.t.deps;
  const capped = await countBikes(db, dialect, { minYear: 2000, availableOnly: true }, 3);
  expect(capped).toEqual({ total: 3, capped: true });
});

describe("SQLite plans", () => {
  const planOf = async (query: ReturnType<typeof sql>) => {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(
      market.t.deps.db,
    );
    return rows.map((row) => row.detail).join(" | ");
  };

  test("a page filtered on model year reads the sort's index, not the details' index", async (context) => {
    if (market.t.deps.dialect !== "sqlite") context.skip();
    const filters = { minYear: 2022, maxMileageKm: 20_000, availableOnly: true };
    const { order } = keyset("bikes", { sort: "newest", cursor: null, limit: 12 });
    const plan = await planOf(
      sql`select "bikes"."id" from bikes where ${fieldFilter("sqlite", filters)} order by ${order} limit 13`,
    );
    // Seeking the details' index for the year range would sort every recent bike.
    expect(plan).toContain("bikes_available_posted");
    expect(plan).not.toContain(AVAILABLE_DETAILS_INDEX);
  });
});
