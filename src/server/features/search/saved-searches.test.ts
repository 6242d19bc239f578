import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#src/shared/errors";
import { SAVED_SEARCHES_MAX, type SavedSearch } from "#src/shared/schemas/saved-searches";
import { type CategoryIds, categoryIds } from "#tests/support/builders/bike";
import { requestSaveSearch, saveSearch } from "#tests/support/builders/saved-search";
import { newPerson, type Person, theAdmin } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { withSavedSearchTables } from "./saved-search-tables";

let t: TestApp;
let categories: CategoryIds;
beforeAll(async () => {
  t = await createTestApp();
  categories = await categoryIds(t);
});
afterAll(() => t?.close());

const listOf = async (person: Person) => {
  const response = await t.request("/api/me/saved-searches", { cookie: person.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: SavedSearch[] }).items;
};

describe("saving a search", () => {
  it("keeps the filters and the sort, not the page, and lists it newest first", async () => {
    const buyer = await newPerson(t, "buyer");
    const first = await saveSearch(t, buyer, { q: "duke" });
    const second = await saveSearch(
      t,
      buyer,
      {
        categoryId: categories.KTM,
        minPrice: "1000",
        maxPrice: 3000,
        location: "Dhaka",
        verifiedOnly: "true",
        sort: "price_asc",
        cursor: "abc",
        limit: 30,
      },
      "  Cheap KTM in Dhaka  ",
    );
    expect(second).toMatchObject({
      name: "Cheap KTM in Dhaka",
      matchCount: 0,
      lastMatchedAt: null,
      query: {
        categoryId: categories.KTM,
        minPrice: 1000,
        maxPrice: 3000,
        location: "Dhaka",
        verifiedOnly: true,
        sort: "price_asc",
      },
    });
    expect(second.query).not.toHaveProperty("cursor");
    expect(second.query).not.toHaveProperty("limit");
    expect(first.name).toBeNull();
    expect((await listOf(buyer)).map((search) => search.id)).toEqual([second.id, first.id]);
  });

  it("refuses a query the search itself refuses, naming each field", async () => {
    const buyer = await newPerson(t, "buyer");
    const response = await requestSaveSearch(t, buyer, {
      name: "x".repeat(61),
      query: { minPrice: "cheap", maxYearsOfUse: -1, sort: "oldest" },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toMatchObject({
      name: "Name must be at most 60 characters",
      "query.minPrice": "Min price must be a whole number",
      "query.maxYearsOfUse": "Max years of use can't be less than 0",
      "query.sort": expect.stringContaining("Sort by"),
    });

    const reversed = await requestSaveSearch(t, buyer, { query: { minPrice: 500, maxPrice: 100 } });
    expect(reversed.status).toBe(400);
    expect(((await reversed.json()) as ErrorBody).error.fields).toEqual({
      "query.maxPrice": "Max price must be at least the min price",
    });

    const missing = await requestSaveSearch(t, buyer, { name: "no query" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).error.fields).toEqual({
      query: "query must be an object of search filters",
    });
    expect(await listOf(buyer)).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per user: one more is 409, and deleting one makes room`, async () => {
    const buyer = await newPerson(t, "buyer");
    const saved = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX }, (_, i) =>
        saveSearch(t, buyer, { maxPrice: 100 + i }),
      ),
    );
    const refused = await requestSaveSearch(t, buyer, { query: { q: "one too many" } });
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as ErrorBody;
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toMatch(/20 saved searches.*Delete one/);
    expect(await listOf(buyer)).toHaveLength(SAVED_SEARCHES_MAX);

    // Someone else's count is their own.
    const other = await newPerson(t, "buyer");
    await saveSearch(t, other, { q: "duke" });

    const oldest = saved[0];
    if (!oldest) throw new Error("nothing saved");
    const deleted = await t.request(`/api/me/saved-searches/${oldest.id}`, {
      method: "DELETE",
      cookie: buyer.cookie,
    });
    expect(deleted.status).toBe(204);
    await saveSearch(t, buyer, { q: "room again" });
  });

  it("saves at most the cap when many saves race", async () => {
    const buyer = await newPerson(t, "buyer");
    const answers = await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX + 5 }, (_, i) =>
        requestSaveSearch(t, buyer, { query: { minPrice: i } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(await listOf(buyer)).toHaveLength(SAVED_SEARCHES_MAX);
  });
});

describe("a saved search is its owner's alone", () => {
  it("is not listed for anyone else, and deleting another's (or an unknown id) is 404", async () => {
    const owner = await newPerson(t, "buyer");
    const other = await newPerson(t, "seller");
    const search = await saveSearch(t, owner, { q: "gixxer" }, "Gixxers");
    expect(await listOf(other)).toEqual([]);

    for (const path of [`/api/me/saved-searches/${search.id}`, "/api/me/saved-searches/nope"]) {
      const response = await t.request(path, { method: "DELETE", cookie: other.cookie });
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorBody).error.code).toBe("NOT_FOUND");
    }
    expect((await listOf(owner)).map((s) => s.id)).toEqual([search.id]);

    const own = await t.request(`/api/me/saved-searches/${search.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(own.status).toBe(204);
    expect(await listOf(owner)).toEqual([]);
    const again = await t.request(`/api/me/saved-searches/${search.id}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(again.status).toBe(404);
  });

  it("goes with its owner's account", async () => {
    const owner = await newPerson(t, "buyer");
    await saveSearch(t, owner, { q: "duke" });
    const admin = await theAdmin(t);
    const deleted = await t.request(`/api/users/${owner.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(204);
    const left = await withSavedSearchTables(t.deps.db)
      .selectFrom("savedSearches")
      .select("id")
      .where("userId", "=", owner.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("needs a session", async () => {
    expect((await t.request("/api/me/saved-searches")).status).toBe(401);
    expect((await requestSaveSearch(t, { cookie: "" }, { query: {} })).status).toBe(401);
  });
});
