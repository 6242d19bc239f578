import { type KyselyPlugin, SelectQueryNode, sql, TableNode } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withFairPrice } from "#src/server/catalog/fair-price-stats";
import { fairPriceRating } from "#src/shared/fair-price";
import type { BikeDetail } from "#src/shared/schemas/bikes";
import {
  addBike,
  get,
  type ListedBike,
  type Market,
  openMarket,
  search,
} from "#tests/support/search-market";
import { createTestApp } from "#tests/support/test-app";

let market: Market;
const ktm: ListedBike[] = [];
// Each bike a model year of its own, 4 apart: none has comparables by model
// year and mileage, so these tests hold the years-of-use rule
// (listing-details.test.ts holds the finer one).
let lastModelYear = 1950;
const ownModelYear = () => {
  lastModelYear += 4;
  return lastModelYear;
};

beforeAll(async () => {
  market = await openMarket(await createTestApp());
  // KTM bikes first listed at 10,000: the resale price is the share in hundredths.
  for (const [yearsOfUse, resalePrice] of [
    [3, 6000],
    [3, 6500],
    [4, 7000],
    [4, 5500],
    [4, 7000],
    [4, 9000],
    [5, 7500],
    [5, 8000],
    [7, 4000],
    [0, 9000],
  ]) {
    const title = `KTM ${yearsOfUse}y at ${resalePrice}`;
    ktm.push(
      await addBike(market, {
        title,
        category: "KTM",
        yearsOfUse,
        originalPrice: 10_000,
        resalePrice,
        modelYear: ownModelYear(),
      }),
    );
  }
});
afterAll(() => market?.t.close());

const ratio = (bike: ListedBike) => bike.resalePrice / bike.originalPrice;

/** The rule applied to every comparable's own ratio: what the grouped figures must agree with. */
function expectedRating(bike: ListedBike) {
  const others = ktm.filter(
    (other) => other.id !== bike.id && Math.abs(other.yearsOfUse - bike.yearsOfUse) <= 1,
  );
  return fairPriceRating(ratio(bike), others.map(ratio));
}

describe("fairPrice on listed bikes", () => {
  test("agrees with the rule applied to each bike's comparables, the bike itself left out", async () => {
    const { items } = await search(market, { categoryId: market.categories.KTM, limit: 50 });
    expect(items).toHaveLength(ktm.length);
    for (const bike of items) {
      expect(bike.fairPrice?.rating ?? null, bike.title).toBe(expectedRating(bike));
    }
    const ratings = items.map((bike) => bike.fairPrice?.rating ?? null);
    expect(new Set(ratings)).toEqual(new Set(["good", "fair", "high", null]));
  });

  test("explains itself in one sentence", async () => {
    const { items } = await search(market, { q: "ktm 4y 5500" });
    expect(items[0]?.fairPrice).toEqual({
      rating: "good",
      basis:
        "Compared with 7 KTM bikes used 3–5 years: typical resale is 70% of the original price; this one is 55%.",
    });
  });

  test("is null with fewer than five comparables", async () => {
    const { items } = await search(market, { q: "ktm 7y" });
    expect(items[0]?.fairPrice).toBeNull();
  });

  test("shows on the category page and the bike page too", async () => {
    const good = ktm.find((bike) => bike.resalePrice === 5500);
    const page = await get(market, `/api/categories/${market.categories.KTM}/bikes`, { limit: 50 });
    const { items } = (await page.json()) as { items: ListedBike[] };
    expect(items.find((bike) => bike.id === good?.id)?.fairPrice?.rating).toBe("good");
    const detail = (await (await get(market, `/api/bikes/${good?.id}`)).json()) as BikeDetail;
    expect(detail.fairPrice?.rating).toBe("good");
  });

  test("follows new listings at once", async () => {
    const yamaha = { category: "YAMAHA", yearsOfUse: 2, originalPrice: 10_000 } as const;
    for (const resalePrice of [6000, 6500, 7000, 7500, 8000]) {
      await addBike(market, {
        ...yamaha,
        title: `Yamaha at ${resalePrice}`,
        resalePrice,
        modelYear: ownModelYear(),
      });
    }
    const before = await search(market, { categoryId: market.categories.YAMAHA });
    expect(before.items.map((bike) => bike.fairPrice)).toEqual([null, null, null, null, null]);
    await addBike(market, {
      ...yamaha,
      title: "Yamaha at 5000",
      resalePrice: 5000,
      modelYear: ownModelYear(),
    });
    const after = await search(market, { categoryId: market.categories.YAMAHA });
    expect(after.items.find((bike) => bike.resalePrice === 5000)?.fairPrice?.rating).toBe("good");
  });

  test("leaves a listing an admin hid out of the comparables, by years of use and by model year", async () => {
    // Same model year and mileage band: the finer comparables apply while there are five.
    const suzuki = {
      category: "SUZUKI",
      yearsOfUse: 2,
      originalPrice: 10_000,
      modelYear: 2019,
      mileageKm: 21_000,
    } as const;
    const listed: ListedBike[] = [];
    for (const resalePrice of [5000, 6000, 6500, 7000, 7500, 8000]) {
      listed.push(
        await addBike(market, { ...suzuki, title: `Suzuki at ${resalePrice}`, resalePrice }),
      );
    }
    const cheapest = async () => {
      const { items } = await search(market, { categoryId: market.categories.SUZUKI });
      return items.find((bike) => bike.resalePrice === 5000)?.fairPrice ?? null;
    };
    expect((await cheapest())?.basis).toMatch(/^Compared with 5 SUZUKI bikes from 2016–2022 with/);

    const hide = await market.t.request(`/api/bikes/${listed[5]?.id}`, {
      method: "PATCH",
      body: { hidden: true, reason: "Stolen photos" },
      cookie: market.admin,
    });
    expect(hide.status).toBe(200);
    // Four comparables left, by either rule: too few for a badge.
    expect(await cheapest()).toBeNull();

    const shown = await market.t.request(`/api/bikes/${listed[5]?.id}`, {
      method: "PATCH",
      body: { hidden: false },
      cookie: market.admin,
    });
    expect(shown.status).toBe(200);
    expect((await cheapest())?.rating).toBe("good");

    // A listing removed in the database directly, not through the API, counts no more either.
    await market.t.deps.db.deleteFrom("bikes").where("id", "=", String(listed[4]?.id)).execute();
    expect(await cheapest()).toBeNull();
  });

  test("a page whose category's prices didn't change reads one version row, not the histograms", async () => {
    // What each statement reads: the table of a select, else the kind of statement.
    const reads: string[] = [];
    const tableOf: KyselyPlugin = {
      transformQuery: ({ node }) => {
        const from = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
        reads.push(from && TableNode.is(from) ? from.table.identifier.name : node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const db = market.t.deps.db.withPlugin(tableOf);
    const { items } = await search(market, { categoryId: market.categories.KTM });
    const rated = await withFairPrice(db, items);
    expect(rated.map((bike) => bike.fairPrice)).toEqual(items.map((bike) => bike.fairPrice));

    reads.length = 0;
    expect(await withFairPrice(db, items)).toEqual(rated);
    expect(reads).toEqual(["dataVersions"]);

    // A histogram changed by hand, outside the app: the next page reads them again.
    const oneMore = (change: number) =>
      sql`update "priceStats" set "listings" = "listings" + ${change}
        where "categoryId" = ${market.categories.KTM} and "yearsOfUse" = 4 and "percent" = 70`.execute(
        market.t.deps.db,
      );
    await oneMore(1);
    try {
      reads.length = 0;
      await withFairPrice(db, items);
      expect(reads.sort()).toEqual(["dataVersions", "detailPriceStats", "priceStats"]);
    } finally {
      await oneMore(-1);
    }
    expect(await withFairPrice(db, items)).toEqual(rated);

    // A read outside a transaction asks the app's shared version reads instead: no statement
    // of its own, and a change by hand is still seen.
    const shared = market.t.deps.dataVersion;
    expect(await withFairPrice(db, items, shared)).toEqual(rated);
    reads.length = 0;
    expect(await withFairPrice(db, items, shared)).toEqual(rated);
    expect(reads).toEqual([]);
    await oneMore(1);
    try {
      reads.length = 0;
      await withFairPrice(db, items, shared);
      expect(reads.sort()).toEqual(["detailPriceStats", "priceStats"]);
    } finally {
      await oneMore(-1);
    }

    // Inside a transaction, the transaction reads them: it sees its own uncommitted writes,
    // which the shared reads, on another connection, would not.
    const inside = await db.transaction().execute(async (trx) => {
      await sql`update "priceStats" set "listings" = "listings" + 1
        where "categoryId" = ${market.categories.KTM} and "yearsOfUse" = 4 and "percent" = 70`.execute(
        trx,
      );
      reads.length = 0;
      const answer = await withFairPrice(trx, items, shared);
      const seen = [...reads];
      await sql`update "priceStats" set "listings" = "listings" - 1
        where "categoryId" = ${market.categories.KTM} and "yearsOfUse" = 4 and "percent" = 70`.execute(
        trx,
      );
      return { answer, seen };
    });
    expect(inside.seen.sort()).toEqual(["dataVersions", "detailPriceStats", "priceStats"]);
    expect(inside.answer).toHaveLength(items.length);
  });
});
