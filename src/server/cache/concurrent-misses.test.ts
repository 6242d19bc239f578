import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson, type Person } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";

/**
 * After a write, the requests already waiting for a page all find its cached
 * answer stale. One of them reads it again; the others for the same caller
 * and request target wait for that read and are served its answer, instead
 * of each running the page's statements and storing a copy of its own
 * (cache/response-cache.ts `read`).
 */
describe("identical reads that miss at the same moment", () => {
  let t: TestApp;
  let buyer: Person;
  let other: Person;
  let seller: Person;
  let page = "";

  beforeAll(async () => {
    t = await createTestApp();
    [buyer, other, seller] = await Promise.all([
      newPerson(t, "buyer"),
      newPerson(t, "buyer"),
      newPerson(t, "seller"),
    ]);
    page = `/api/categories/${(await categoryIds(t)).KTM}/bikes`;
  });
  afterAll(() => t?.close());

  async function responseLookups() {
    const count = async (name: string) => {
      const metric = await t.deps.metrics.registry.getSingleMetric(name)?.get();
      return metric?.values.find((value) => value.labels.cache === "responses")?.value ?? 0;
    };
    return {
      hits: await count("reride_cache_hits_total"),
      misses: await count("reride_cache_misses_total"),
    };
  }

  const readAll = (who: Person, times: number, target = page) =>
    Promise.all(
      Array.from({ length: times }, async () => {
        const response = await t.request(target, { cookie: who.cookie });
        return {
          status: response.status,
          cacheControl: response.headers.get("cache-control"),
          body: await response.text(),
        };
      }),
    );

  test("one read per caller serves everyone waiting, and shows the write", async () => {
    const { KTM } = await categoryIds(t);
    await readAll(buyer, 1);
    const listed = await listBike(t, seller, KTM, { title: "KTM Duke, listed just now" });

    const before = await responseLookups();
    const [mine, theirs] = await Promise.all([readAll(buyer, 8), readAll(other, 4)]);
    const after = await responseLookups();

    for (const answer of [...mine, ...theirs]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(listed.id);
    }
    expect(new Set(mine.map((answer) => answer.body)).size).toBe(1);
    // One read for each caller: answers are per caller (hearts, bookings), never shared across them.
    expect(after.misses - before.misses).toBe(2);
    expect(after.hits - before.hits).toBe(10);
  });

  test("an answer that isn't cached is read by each request itself", async () => {
    const missing = "/api/categories/no-such-category/bikes";
    const answers = await readAll(buyer, 3, missing);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.cacheControl).toBe("no-store");
    }
  });
});
