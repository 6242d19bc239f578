import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addBike,
  compareFor,
  get,
  type ListedBike,
  type Market,
  openMarket,
  titles,
} from "#tests/support/search-market";
import { createTestApp } from "#tests/support/test-app";

// GET /api/categories/:id/bikes takes the search's filters and sorts within
// its category, and lists every status (booked and sold bikes show a badge).

let market: Market;
const suzuki: ListedBike[] = [];

interface CategoryPage {
  category: { id: string; name: string };
  items: ListedBike[];
  nextCursor: string | null;
}

async function categoryPage(query: Record<string, string | number | boolean | undefined> = {}) {
  const response = await get(market, `/api/categories/${market.categories.SUZUKI}/bikes`, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as CategoryPage;
}

beforeAll(async () => {
  market = await openMarket(await createTestApp());
  for (const bike of [
    {
      title: "Gixxer SF in Dhaka",
      name: "Gixxer SF",
      location: "Dhaka",
      resalePrice: 1750,
      yearsOfUse: 2,
    },
    {
      title: "GSX-R150 in Sylhet",
      name: "GSX-R150",
      location: "Sylhet",
      resalePrice: 2000,
      yearsOfUse: 3,
    },
    {
      title: "Intruder booked",
      name: "Intruder 150",
      location: "Dhaka",
      resalePrice: 2100,
      yearsOfUse: 1,
    },
    {
      title: "V-Strom 650 touring",
      name: "V-Strom 650",
      location: "Khulna",
      resalePrice: 5200,
      yearsOfUse: 6,
      cookie: market.verifiedSeller,
    },
    {
      title: "Hayabusa same price",
      name: "Hayabusa",
      location: "Dhaka",
      resalePrice: 2000,
      yearsOfUse: 4,
    },
  ]) {
    suzuki.push(await addBike(market, bike));
  }
  await addBike(market, { title: "Yamaha elsewhere", category: "YAMAHA" });
  const booking = await market.t.request("/api/bookings", {
    body: { bikeId: suzuki[2]?.id, phone: "+8801711000009", meetingLocation: "Gulshan" },
    cookie: market.buyer,
  });
  expect(booking.status).toBe(201);
});
afterAll(() => market?.t.close());

describe("GET /api/categories/:id/bikes", () => {
  test("keeps its shape and lists every status of its category only, newest first", async () => {
    const page = await categoryPage();
    expect(page.category).toEqual({ id: market.categories.SUZUKI, name: "SUZUKI" });
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((bike) => bike.id)).toEqual(
      [...suzuki].sort(compareFor("newest")).map((b) => b.id),
    );
    expect(page.items.find((bike) => bike.title === "Intruder booked")?.status).toBe("booked");
    expect(page).not.toHaveProperty("total");
  });

  test.each([
    [{ q: "dhaka" }, ["Gixxer SF in Dhaka", "Hayabusa same price", "Intruder booked"]],
    [{ q: "dhaka gix" }, ["Gixxer SF in Dhaka"]],
    [{ location: "dhaka" }, ["Gixxer SF in Dhaka", "Hayabusa same price", "Intruder booked"]],
    [
      { minPrice: 2000, maxPrice: 2100 },
      ["GSX-R150 in Sylhet", "Hayabusa same price", "Intruder booked"],
    ],
    [{ maxYearsOfUse: 2 }, ["Gixxer SF in Dhaka", "Intruder booked"]],
    [{ verifiedOnly: true }, ["V-Strom 650 touring"]],
    [{ q: "yamaha" }, []],
  ])("filters: %o", async (query, expected) => {
    expect(titles(await categoryPage(query))).toEqual(expected);
  });

  test.each(["newest", "price_asc", "price_desc"] as const)(
    "sort %s, two at a time, every bike once",
    async (sort) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await categoryPage({ sort, limit: 2, cursor });
        seen.push(...page.items.map((bike) => bike.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual([...suzuki].sort(compareFor(sort)).map((bike) => bike.id));
    },
  );

  test("still accepts a cursor issued before sorting existed", async () => {
    const [first, second] = [...suzuki].sort(compareFor("newest"));
    const legacy = Buffer.from(JSON.stringify([first?.postedAt, first?.id])).toString("base64url");
    const page = await categoryPage({ cursor: legacy, limit: 1 });
    expect(page.items.map((bike) => bike.id)).toEqual([second?.id]);
  });

  test("refuses a cursor of another sort, bad filters, strangers and unknown categories", async () => {
    const first = await categoryPage({ sort: "price_asc", limit: 2 });
    const mixed = await get(market, `/api/categories/${market.categories.SUZUKI}/bikes`, {
      cursor: first.nextCursor ?? "",
    });
    expect(mixed.status).toBe(400);
    const badRange = await get(market, `/api/categories/${market.categories.SUZUKI}/bikes`, {
      minPrice: 10,
      maxPrice: 5,
    });
    expect(badRange.status).toBe(400);
    const anonymous = await market.t.request(`/api/categories/${market.categories.SUZUKI}/bikes`);
    expect(anonymous.status).toBe(401);
    expect((await get(market, "/api/categories/nope/bikes")).status).toBe(404);
  });
});
