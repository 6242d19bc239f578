import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addBike,
  compareFor,
  get,
  type ListedBike,
  listSearchBikes,
  type Market,
  openMarket,
  search,
  titles,
} from "#tests/support/search-market";
import { createTestApp } from "#tests/support/test-app";
import { countBikes } from "./bike-listing";

let market: Market;
const listed: ListedBike[] = [];

beforeAll(async () => {
  market = await openMarket(await createTestApp());
  listed.push(...(await listSearchBikes(market)));
});
afterAll(() => market?.t.close());

describe("GET /api/bikes: words", () => {
  test.each([
    ["gix sf", ["Suzuki Gixxer SF, one owner"]],
    ["sf gix", ["Suzuki Gixxer SF, one owner"]],
    ["GIXXER", ["Suzuki Gixxer SF, one owner"]],
    ["gsx-r150", ["Suzuki GSX-R150 track bike"]],
    ["390", ["KTM Duke 390 with extras", "KTM RC 390 Polish import"]],
    ["ktm 390 duke", ["KTM Duke 390 with extras"]],
    ["lodz", ["KTM RC 390 Polish import"]],
    ["ŁÓDŹ", ["KTM RC 390 Polish import"]],
  ])(
    "%s finds the bikes with a word starting so in title, model or location",
    async (q, expected) => {
      expect(titles(await search(market, { q }))).toEqual(expected);
    },
  );

  test("accents and case don't matter either way, and location words count", async () => {
    const expected = [
      "KTM Duke 390 with extras",
      "Suzuki Gixxer SF, one owner",
      "Yamaha MT-15 bought in Dhaka",
    ];
    expect(titles(await search(market, { q: "dhaka" }))).toEqual(expected);
    expect(titles(await search(market, { q: "DHĀKĀ" }))).toEqual(expected);
  });

  test.each(["gixer", "ixxer", "gix ktm", "yamaha booked"])("%s finds nothing", async (q) => {
    const page = await search(market, { q });
    expect(page).toEqual({ items: [], nextCursor: null, total: 0, totalCapped: false });
  });
});

describe("GET /api/bikes: filters", () => {
  test.each([
    [{ category: "KTM" }, ["KTM Duke 390 with extras", "KTM RC 390 Polish import"]],
    [
      { minPrice: 2000, maxPrice: 2600 },
      [
        "Suzuki GSX-R150 track bike",
        "Suzuki Intruder 150 cruiser",
        "Yamaha MT-15 bought in Dhaka",
        "Yamaha R15 V4 racing blue",
      ],
    ],
    [
      { maxYearsOfUse: 2 },
      ["Suzuki Gixxer SF, one owner", "Yamaha MT-15 bought in Dhaka", "Yamaha R15 V4 racing blue"],
    ],
    [{ location: "dhaka" }, ["KTM Duke 390 with extras", "Suzuki Gixxer SF, one owner"]],
    [{ location: "Dhākā, Mirpur" }, ["KTM Duke 390 with extras"]],
    [
      { verifiedOnly: true },
      ["KTM Duke 390 with extras", "KTM RC 390 Polish import", "Yamaha R15 V4 racing blue"],
    ],
    [{ q: "390", verifiedOnly: true, maxPrice: 3900 }, ["KTM Duke 390 with extras"]],
    [{ categoryId: "no-such-category" }, []],
  ] as const)("%o", async (filters, expected) => {
    const { category, ...query } = { category: undefined, ...filters };
    const categoryId = category ? market.categories[category] : undefined;
    const page = await search(market, { categoryId, ...query });
    expect(titles(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  test("with no filter: every available bike, never a booked one, with the total", async () => {
    const page = await search(market, { limit: 50 });
    expect(page.items.map((bike) => bike.id).sort()).toEqual(listed.map((bike) => bike.id).sort());
    expect(page.items.every((bike) => bike.status === "available")).toBe(true);
    expect(page).toMatchObject({ total: listed.length, totalCapped: false, nextCursor: null });
  });

  test("verifiedOnly=false and blank fields are no filter at all", async () => {
    const page = await search(market, { verifiedOnly: false, q: "", minPrice: "", location: " " });
    expect(page.total).toBe(listed.length);
  });

  test("the total is counted up to a cap, and says when it stopped", async () => {
    const { db, dialect } = market.t.deps;
    expect(await countBikes(db, dialect, { availableOnly: true }, 3)).toEqual({
      total: 3,
      capped: true,
    });
    expect(await countBikes(db, dialect, { availableOnly: true }, listed.length)).toEqual({
      total: listed.length,
      capped: false,
    });
  });
});

describe("GET /api/bikes: sorting", () => {
  test.each(["newest", "price_asc", "price_desc"] as const)("%s", async (sort) => {
    const page = await search(market, { sort, limit: 50 });
    const expected = [...listed].sort(compareFor(sort)).map((bike) => bike.id);
    expect(page.items.map((bike) => bike.id)).toEqual(expected);
  });

  test("newest is the default", async () => {
    expect((await search(market)).items[0]?.title).toBe("Suzuki Intruder 150 cruiser");
  });
});

describe("GET /api/bikes: words and filters are data, never syntax", () => {
  test.each([
    ["' OR 1=1 --", []],
    ['"', []],
    ["*", []],
    ["%", []],
    ["_", []],
    ["NEAR(", []],
    ["NEAR(gix sf)", []],
    ["gix OR duke", []],
    ["gix*", ["Suzuki Gixxer SF, one owner"]],
    ['"gixxer"', ["Suzuki Gixxer SF, one owner"]],
    ["-duke", ["KTM Duke 390 with extras"]],
    ["sf:gix", ["Suzuki Gixxer SF, one owner"]],
    ["^gix", ["Suzuki Gixxer SF, one owner"]],
    ["'; drop table bikes; --", []],
  ])("q=%s", async (q, expected) => {
    expect(titles(await search(market, { q }))).toEqual(expected);
  });

  test.each([
    ["%", []],
    ["' OR 1=1 --", []],
    ["Dhaka' --", ["KTM Duke 390 with extras", "Suzuki Gixxer SF, one owner"]],
  ])("location=%s", async (location, expected) => {
    expect(titles(await search(market, { location }))).toEqual(expected);
  });
});

describe("GET /api/bikes: requests it refuses", () => {
  test("needs a signed-in user", async () => {
    const response = await market.t.request("/api/bikes?q=gix");
    expect(response.status).toBe(401);
  });

  test.each([
    [{ minPrice: 3000, maxPrice: 2000 }, "maxPrice", "Max price must be at least the min price"],
    [{ minPrice: "cheap" }, "minPrice", "Min price must be a whole number"],
    [{ maxYearsOfUse: 61 }, "maxYearsOfUse", "Max years of use must be at most 60"],
    [
      { sort: "cheapest" },
      "sort",
      "Sort by newest, price_asc, price_desc, mileage_asc or year_desc",
    ],
    [{ verifiedOnly: "yes" }, "verifiedOnly", "verifiedOnly must be true or false"],
    [{ limit: 51 }, "limit", "Page size must be at most 50"],
    [{ q: "x".repeat(101) }, "q", "Search text must be at most 100 characters"],
    [{ cursor: "not-a-cursor" }, "cursor", "Invalid cursor"],
  ])("%o is a 400 naming the field", async (query, field, message) => {
    const response = await get(market, "/api/bikes", query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; fields: Record<string, string> };
    };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.fields[field]).toBe(message);
  });

  test("a cursor from one sort used with another is a 400", async () => {
    const first = await search(market, { sort: "newest", limit: 2 });
    for (const sort of ["price_asc", "price_desc"]) {
      const response = await get(market, "/api/bikes", {
        sort,
        limit: 2,
        cursor: first.nextCursor ?? "",
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields.cursor).toMatch(/another sort order/);
    }
  });
});

describe("GET /api/bikes: pages", () => {
  test.each(["newest", "price_asc", "price_desc"] as const)(
    "%s: no duplicates and no gaps while bikes are added between pages",
    async (sort) => {
      const before = (await search(market, { sort, limit: 50 })).items.map((bike) => bike.id);
      const seen: string[] = [];
      const added: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await search(market, { sort, limit: 3, cursor });
        seen.push(...page.items.map((bike) => bike.id));
        // Prices across the whole range, so some land on pages still to come.
        const resalePrice = 1000 + ((added.length * 700) % 4000);
        added.push(
          (await addBike(market, { title: `Added while paging ${sort}`, resalePrice })).id,
        );
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => before.includes(id))).toEqual(before);
      if (sort === "newest") expect(seen.some((id) => added.includes(id))).toBe(false);
    },
  );
});
