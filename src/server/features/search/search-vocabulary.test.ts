import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { VOCABULARY_KEY, vocabularyAt } from "#src/server/catalog/search-text";
import type { SearchResults } from "#src/shared/schemas/search";
import { expectJson } from "#tests/support/builders/api";
import { type CategoryIds, categoryIds, listBike } from "#tests/support/builders/bike";
import { book } from "#tests/support/builders/booking";
import { countingStatements } from "#tests/support/counted-statements";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

// catalog/search-text.ts, vocabularyAt: a search's word lookups are kept per
// process while the `search` version (moved by every new word) is unchanged.

describe("the search's vocabulary, kept between searches", () => {
  let t: TestApp;
  let seller: Person;
  let buyer: Person;
  let categories: CategoryIds;
  beforeAll(async () => {
    t = await createTestApp();
    [seller, buyer, categories] = await Promise.all([
      newPerson(t, "seller"),
      newPerson(t, "buyer"),
      categoryIds(t),
    ]);
    await listBike(t, seller, categories.KTM, { title: "Duke 390 in orange" });
  });
  afterAll(() => t?.close());

  const vocabularyVersion = async () =>
    (await t.deps.dataVersion.readKeys([VOCABULARY_KEY])).get(VOCABULARY_KEY);
  const search = async (q: string) =>
    expectJson<SearchResults>(
      await t.request(`/api/bikes?q=${encodeURIComponent(q)}`, { cookie: buyer.cookie }),
      200,
    );

  test("a word searched before any listing held it is found, and counted, once one does", async () => {
    for (const q of ["zongshen", "zongs"]) {
      expect(await search(q)).toMatchObject({ items: [], total: 0 });
    }
    const bike = await listBike(t, seller, categories.SUZUKI, { title: "Zongshen RX3" });
    for (const q of ["zongshen", "zongs"]) {
      const found = await search(q);
      expect(found.items.map((item) => item.id)).toEqual([bike.id]);
      expect(found.total).toBe(1);
    }
  });

  test("lookups are read once per version: not again after writes that bring no new word", async () => {
    const counted = countingStatements(t.deps.db);
    const before = await vocabularyVersion();
    const terms = await vocabularyAt(counted.db, before).termsOf(["duke", "390"]);
    expect(terms).toEqual([{ exact: ["duke"] }, { exact: ["390"] }]);
    expect(counted.seen).toHaveLength(2);

    // A booking, and a listing of words already stored: the vocabulary is as it was.
    const listed = await listBike(t, seller, categories.KTM, { title: "Duke 390" });
    await book(t, buyer, listed.id);
    expect(await vocabularyVersion()).toBe(before);
    // The page and the count of one search, at once: the kept lookups, no statement.
    await Promise.all([
      vocabularyAt(counted.db, before).termsOf(["duke", "390"]),
      vocabularyAt(counted.db, before).termsOf(["390"]),
    ]);
    expect(counted.seen).toHaveLength(2);

    // A new word moves the version, and "duke" now starts "dukes" too.
    await listBike(t, seller, categories.KTM, { title: "Two dukes" });
    const after = await vocabularyVersion();
    expect(after).not.toBe(before);
    expect(await vocabularyAt(counted.db, after).termsOf(["duke"])).toEqual([
      { exact: ["duke", "dukes"] },
    ]);
    expect(counted.seen).toHaveLength(3);
  });

  test("two lookups of one word at once ask the database once", async () => {
    const counted = countingStatements(t.deps.db);
    const version = await vocabularyVersion();
    const [first, second] = await Promise.all([
      vocabularyAt(counted.db, version).termsOf(["orange"]),
      vocabularyAt(counted.db, version).termsOf(["orange"]),
    ]);
    expect(first).toEqual([{ exact: ["orange"] }]);
    expect(second).toEqual(first);
    expect(counted.seen).toHaveLength(1);
  });

  test("with no version, every lookup asks the database", async () => {
    const counted = countingStatements(t.deps.db);
    await vocabularyAt(counted.db, undefined).termsOf(["orange"]);
    await vocabularyAt(counted.db, undefined).termsOf(["orange"]);
    expect(counted.seen).toHaveLength(2);
  });
});
