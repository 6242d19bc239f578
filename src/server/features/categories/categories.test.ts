import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Category } from "#src/shared/schemas/categories";
import { createTestApp, type TestApp } from "#tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function categories(): Promise<Category[]> {
  const response = await t.request("/api/categories");
  expect(response.status).toBe(200);
  return (await response.json()) as Category[];
}

async function countsByName(): Promise<Record<string, number>> {
  return Object.fromEntries((await categories()).map((c) => [c.name, c.availableCount]));
}

async function setStatusOfOneBike(categoryName: string, status: "booked" | "sold") {
  const bike = await t.deps.db
    .selectFrom("bikes")
    .innerJoin("categories", "categories.id", "bikes.categoryId")
    .select("bikes.id")
    .where("categories.name", "=", categoryName)
    .where("bikes.status", "=", "available")
    .executeTakeFirstOrThrow();
  await t.deps.db.updateTable("bikes").set({ status }).where("id", "=", bike.id).execute();
}

describe("GET /api/categories", () => {
  test("anyone sees SUZUKI, YAMAHA, KTM in that order, each with a logo and 4 seeded bikes", async () => {
    const list = await categories();
    expect(list.map((c) => c.name)).toEqual(["SUZUKI", "YAMAHA", "KTM"]);
    for (const category of list) {
      expect(category).toEqual({
        id: expect.any(String),
        name: category.name,
        logo: `/images/logos/${category.name.toLowerCase()}.svg`,
        availableCount: 4,
      });
    }
  });

  test("counts only bikes that can still be booked", async () => {
    await setStatusOfOneBike("SUZUKI", "booked");
    await setStatusOfOneBike("KTM", "sold");
    expect(await countsByName()).toEqual({ SUZUKI: 3, YAMAHA: 4, KTM: 3 });

    await t.deps.db.updateTable("bikes").set({ status: "available" }).execute();
    expect(await countsByName()).toEqual({ SUZUKI: 4, YAMAHA: 4, KTM: 4 });
  });

  test("a category whose bikes are all gone still shows, with 0", async () => {
    const yamaha = (await categories()).find((c) => c.name === "YAMAHA");
    await t.deps.db
      .updateTable("bikes")
      .set({ status: "sold" })
      .where("categoryId", "=", yamaha?.id ?? "")
      .execute();
    expect(await countsByName()).toEqual({ SUZUKI: 4, YAMAHA: 0, KTM: 4 });
  });
});
