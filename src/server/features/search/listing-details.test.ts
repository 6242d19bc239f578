import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BikeDetail, BikeInput } from "#src/shared/schemas/bikes";
import type { SearchResults } from "#src/shared/schemas/search";
import { bikeFields } from "#tests/support/builders/bike";
import {
  addBike,
  get,
  type ListedBike,
  type Market,
  type NewBike,
  openMarket,
  search,
  titles,
} from "#tests/support/search-market";
import { createTestApp } from "#tests/support/test-app";

// Listing details buyers filter on (PRODUCT.md §8): mileage, model year,
// engine size, condition and papers. Required on new listings, editable,
// null on listings made before them; filters and two sorts on the search and
// a brand's page.

let market: Market;
const NEXT_YEAR = new Date().getFullYear() + 1;

type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

/** The listings every test below reads; "old" ones predate the details. */
const MARKET: Array<NewBike & { title: string }> = [
  { title: "Low miles Gixxer", mileageKm: 3_000, modelYear: 2024, engineCc: 155 },
  { title: "Tied miles R15", category: "YAMAHA", mileageKm: 12_000, modelYear: 2023 },
  { title: "Tied miles MT-15", category: "YAMAHA", mileageKm: 12_000, modelYear: 2023 },
  {
    title: "Tired Duke 390",
    category: "KTM",
    mileageKm: 61_000,
    modelYear: 2019,
    engineCc: 373,
    condition: "needs_work",
    papersUpToDate: false,
  },
  {
    title: "Big V-Strom",
    mileageKm: 40_000,
    modelYear: 2021,
    engineCc: 645,
    condition: "excellent",
  },
  { title: "Classic from 1950", mileageKm: 500_000, modelYear: 1950, engineCc: 50 },
  { title: "Old listing one" },
  { title: "Old listing two", category: "KTM" },
];
const OLD = ["Old listing one", "Old listing two"];
const listed: ListedBike[] = [];
const NO_DETAILS = {
  mileageKm: null,
  modelYear: null,
  engineCc: null,
  condition: null,
  papersUpToDate: null,
};

beforeAll(async () => {
  market = await openMarket(await createTestApp());
  for (const bike of MARKET) listed.push(await addBike(market, bike));
  // Listings made before the details: the migration leaves their columns null.
  await market.t.deps.db.updateTable("bikes").set(NO_DETAILS).where("title", "in", OLD).execute();
  for (const [index, bike] of listed.entries()) {
    if (OLD.includes(bike.title)) listed[index] = { ...bike, ...NO_DETAILS };
  }
});
afterAll(() => market?.t.close());

const bikeNamed = (title: string) => {
  const bike = listed.find((candidate) => candidate.title === title);
  if (!bike) throw new Error(`no bike ${title}`);
  return bike;
};

async function post(body: unknown) {
  return market.t.request("/api/bikes", { body, cookie: market.seller });
}

async function fieldErrors(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toBe("VALIDATION_FAILED");
  return body.error.fields ?? {};
}

describe("POST /api/bikes: the details are required and bounded", () => {
  const valid = () => bikeFields(market.categories.SUZUKI);

  test.each([
    ["mileageKm", -1, "Mileage must be at least 0"],
    ["mileageKm", 500_001, "Mileage must be at most 500,000"],
    ["mileageKm", 1200.5, "Mileage must be a whole number"],
    ["mileageKm", "12000", "Mileage must be a whole number"],
    ["mileageKm", null, "Mileage must be a whole number"],
    ["modelYear", 1949, "Model year must be 1950 or later"],
    ["modelYear", NEXT_YEAR + 1, `Model year must be ${NEXT_YEAR} or earlier`],
    ["modelYear", "2020", "Model year must be a whole number"],
    ["engineCc", 49, "Engine size must be at least 50"],
    ["engineCc", 2501, "Engine size must be at most 2,500"],
    ["engineCc", true, "Engine size must be a whole number"],
    ["condition", "mint", "Select condition"],
    ["condition", "good' OR '1'='1", "Select condition"],
    ["condition", 3, "Select condition"],
    ["papersUpToDate", "yes", "Say whether the papers are up to date"],
    ["papersUpToDate", 1, "Say whether the papers are up to date"],
  ] as const)("%s = %o is a 400 beside that field only", async (field, value, message) => {
    const fields = await fieldErrors(await post({ ...valid(), [field]: value }));
    expect(fields).toEqual({ [field]: message });
  });

  test.each(["mileageKm", "modelYear", "engineCc", "condition", "papersUpToDate"] as const)(
    "a new listing without %s is a 400 naming it",
    async (field) => {
      const { [field]: _left, ...rest } = valid();
      const fields = await fieldErrors(await post(rest));
      expect(Object.keys(fields)).toEqual([field]);
    },
  );

  test("the limits themselves are allowed, and the listing shows what was sent", async () => {
    for (const limits of [
      { mileageKm: 0, modelYear: 1950, engineCc: 50, condition: "fair", papersUpToDate: false },
      {
        mileageKm: 500_000,
        modelYear: NEXT_YEAR,
        engineCc: 2500,
        condition: "needs_work",
        papersUpToDate: true,
      },
    ] as const) {
      const response = await post({ ...valid(), title: "At the limits", ...limits });
      expect(response.status, await response.clone().text()).toBe(201);
      const created = (await response.json()) as BikeDetail;
      const read = await get(market, `/api/bikes/${created.id}`);
      expect(await read.json()).toMatchObject(limits);
      await market.t.request(`/api/bikes/${created.id}`, {
        method: "DELETE",
        cookie: market.seller,
      });
    }
  });
});

describe("older listings", () => {
  test("read with every detail null, on the bike page and in lists", async () => {
    const nulls = NO_DETAILS;
    const page = await get(market, `/api/bikes/${bikeNamed("Old listing one").id}`);
    expect(await page.json()).toMatchObject(nulls);
    const all = await search(market, { limit: 50 });
    for (const bike of all.items.filter((item) => OLD.includes(item.title))) {
      expect(bike).toMatchObject(nulls);
    }
  });

  test("an edit of another field keeps the edit contract and leaves the details unset", async () => {
    const old = bikeNamed("Old listing two");
    const response = await market.t.request(`/api/bikes/${old.id}`, {
      method: "PATCH",
      body: { resalePrice: old.resalePrice },
      cookie: market.seller,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ mileageKm: null, condition: null });
  });
});

describe("PATCH /api/bikes/:id: the details are editable", () => {
  test("one detail at a time, with the same rules", async () => {
    const bike = await addBike(market, { title: "Edited details" });
    const patch = (body: Partial<BikeInput>, cookie = market.seller) =>
      market.t.request(`/api/bikes/${bike.id}`, { method: "PATCH", body, cookie });
    const edited = await patch({ mileageKm: 21_000, condition: "fair", papersUpToDate: false });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      mileageKm: 21_000,
      condition: "fair",
      papersUpToDate: false,
      modelYear: 2022,
    });
    expect(await fieldErrors(await patch({ modelYear: 1900 }))).toEqual({
      modelYear: "Model year must be 1950 or later",
    });
    // Another seller can't change them.
    expect((await patch({ mileageKm: 1 }, market.verifiedSeller)).status).toBe(403);
    const read = (await (await get(market, `/api/bikes/${bike.id}`)).json()) as BikeDetail;
    expect(read.mileageKm).toBe(21_000);
    await market.t.request(`/api/bikes/${bike.id}`, { method: "DELETE", cookie: market.seller });
  });
});

/** Every page of a query, `limit` at a time, following the cursor. */
async function allPages(path: string, query: Record<string, string | number>) {
  const seen: ListedBike[] = [];
  let cursor: string | undefined;
  do {
    const response = await get(market, path, { ...query, cursor });
    expect(response.status, await response.clone().text()).toBe(200);
    const page = (await response.json()) as SearchResults;
    seen.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return seen;
}

const byId = (a: ListedBike, b: ListedBike) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The promised orders: the key (a listing without it last), then the id. */
const ORDERS = {
  mileage_asc: (a: ListedBike, b: ListedBike) =>
    (a.mileageKm ?? Number.POSITIVE_INFINITY) - (b.mileageKm ?? Number.POSITIVE_INFINITY) ||
    byId(a, b),
  year_desc: (a: ListedBike, b: ListedBike) =>
    (b.modelYear ?? Number.NEGATIVE_INFINITY) - (a.modelYear ?? Number.NEGATIVE_INFINITY) ||
    byId(b, a),
};

describe("the detail sorts", () => {
  test.each(["mileage_asc", "year_desc"] as const)(
    "%s: pages of 2 neither repeat nor skip, ties and listings without details included",
    async (sort) => {
      const seen = await allPages("/api/bikes", { sort, limit: 2 });
      expect(seen.map((bike) => bike.id)).toEqual(
        [...listed].sort(ORDERS[sort]).map((bike) => bike.id),
      );
      // The listings without details come last, whichever way the sort runs.
      expect(
        seen
          .slice(-2)
          .map((bike) => bike.title)
          .sort(),
      ).toEqual(OLD);
    },
  );

  test.each(["mileage_asc", "year_desc"] as const)(
    "%s on a brand's page: its bikes only, in order, across pages",
    async (sort) => {
      const seen = await allPages(`/api/categories/${market.categories.KTM}/bikes`, {
        sort,
        limit: 1,
      });
      const ktm = listed.filter((bike) => bike.categoryName === "KTM");
      expect(seen.map((bike) => bike.id)).toEqual([...ktm].sort(ORDERS[sort]).map((b) => b.id));
    },
  );

  test("a cursor of a detail sort used with another sort is a 400", async () => {
    const first = await search(market, { sort: "mileage_asc", limit: 1 });
    for (const sort of ["year_desc", "price_asc", "newest"]) {
      const fields = await fieldErrors(
        await get(market, "/api/bikes", { sort, limit: 1, cursor: first.nextCursor ?? "" }),
      );
      expect(fields.cursor).toMatch(/another sort order/);
    }
  });
});

describe("the detail filters", () => {
  test.each([
    [{ maxMileageKm: 12_000 }, ["Low miles Gixxer", "Tied miles MT-15", "Tied miles R15"]],
    [{ maxMileageKm: 0 }, []],
    [{ minYear: 2023 }, ["Low miles Gixxer", "Tied miles MT-15", "Tied miles R15"]],
    [{ minYear: 2023, maxMileageKm: 5_000 }, ["Low miles Gixxer"]],
    [{ minEngineCc: 300 }, ["Big V-Strom", "Tired Duke 390"]],
    [{ minEngineCc: 300, maxEngineCc: 400 }, ["Tired Duke 390"]],
    [{ maxEngineCc: 50 }, ["Classic from 1950"]],
    [{ condition: "needs_work" }, ["Tired Duke 390"]],
    [{ condition: "excellent", minYear: 2020 }, ["Big V-Strom"]],
    [{ minYear: 1950 }, MARKET.map((bike) => bike.title).filter((title) => !OLD.includes(title))],
  ])("%o: only the bikes that match, never one without the detail", async (query, expected) => {
    const found = await search(market, { ...query, limit: 50 });
    expect(titles(found)).toEqual([...expected].sort());
    expect(found.total).toBe(expected.length);
  });

  test("filters and a detail sort on a brand's page", async () => {
    const response = await get(market, `/api/categories/${market.categories.YAMAHA}/bikes`, {
      maxMileageKm: 20_000,
      sort: "mileage_asc",
    });
    const page = (await response.json()) as SearchResults;
    expect(page.items.map((bike) => bike.title)).toEqual(
      ["Tied miles R15", "Tied miles MT-15"].sort((a, b) => byId(bikeNamed(a), bikeNamed(b))),
    );
  });

  test.each([
    [{ minYear: 1949 }, "minYear", "Min model year must be 1950 or later"],
    [{ minYear: NEXT_YEAR + 1 }, "minYear", `Min model year must be ${NEXT_YEAR} or earlier`],
    [{ minYear: "2020.5" }, "minYear", "Min model year must be a whole number"],
    [{ maxMileageKm: -1 }, "maxMileageKm", "Max mileage can't be less than 0"],
    [{ maxMileageKm: 500_001 }, "maxMileageKm", "Max mileage must be at most 500,000"],
    [{ minEngineCc: 49 }, "minEngineCc", "Min engine size can't be less than 50"],
    [{ maxEngineCc: 2501 }, "maxEngineCc", "Max engine size must be at most 2,500"],
    [
      { minEngineCc: 600, maxEngineCc: 300 },
      "maxEngineCc",
      "Max engine size must be at least the min engine size",
    ],
    [{ condition: "mint" }, "condition", "Condition must be excellent, good, fair or needs_work"],
    [
      { sort: "mileage_desc" },
      "sort",
      "Sort by newest, price_asc, price_desc, mileage_asc or year_desc",
    ],
  ])("%o is a 400 naming the field", async (query, field, message) => {
    for (const path of ["/api/bikes", `/api/categories/${market.categories.KTM}/bikes`]) {
      const fields = await fieldErrors(await get(market, path, query));
      expect(fields[field]).toBe(message);
    }
  });

  test.each([
    ["minYear", "2020' OR '1'='1"],
    ["maxMileageKm", "1; drop table bikes; --"],
    ["maxEngineCc", "50%"],
    ["condition", "good' OR '1'='1"],
    ["condition", "good;--"],
    ["condition", "%"],
    ["minYear", "1e400"],
  ])(
    "%s=%s: SQL metacharacters are a 400, and the bikes are all still there",
    async (field, value) => {
      await fieldErrors(await get(market, "/api/bikes", { [field]: value }));
      expect((await search(market, { limit: 50 })).total).toBe(MARKET.length);
    },
  );
});

describe("the fair-price hint with model year and mileage", () => {
  test("uses listings of a similar model year and mileage when there are enough, and says so", async () => {
    const close = { category: "KTM", modelYear: 2021, mileageKm: 15_000 } as const;
    const made: ListedBike[] = [];
    for (const [index, resalePrice] of [5000, 5100, 5200, 5300, 5400, 5500, 5600].entries()) {
      made.push(
        await addBike(market, {
          ...close,
          title: `Comparable FZ ${index}`,
          originalPrice: 10_000,
          resalePrice,
          yearsOfUse: 4,
        }),
      );
    }
    const cheap = await addBike(market, {
      ...close,
      title: "Cheap comparable FZ",
      originalPrice: 10_000,
      resalePrice: 3000,
      yearsOfUse: 4,
    });
    const bike = (await (await get(market, `/api/bikes/${cheap.id}`)).json()) as BikeDetail;
    expect(bike.fairPrice).toEqual({
      rating: "good",
      basis:
        "Compared with 7 KTM bikes from 2018–2024 with 0–29,999 km: typical resale is 53% of the original price; this one is 30%.",
    });
    // Without the details (an older listing) the years of use decide, as before.
    await market.t.deps.db
      .updateTable("bikes")
      .set({ modelYear: null, mileageKm: null })
      .where("id", "=", cheap.id)
      .execute();
    const old = (await (await get(market, `/api/bikes/${cheap.id}`)).json()) as BikeDetail;
    expect(old.fairPrice?.basis).toMatch(/^Compared with 7 KTM bikes used 3–5 years:/);
    for (const one of [...made, cheap]) {
      await market.t.request(`/api/bikes/${one.id}`, { method: "DELETE", cookie: market.seller });
    }
  });
});
