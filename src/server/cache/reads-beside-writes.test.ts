import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson } from "#tests/support/people";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";

/**
 * A cached answer asks only whether its data changed, and on PostgreSQL it
 * asks on a connection of its own (db/database.ts). Under a burst of writes
 * every connection of the app's pool can be held by a transaction waiting for
 * a lock or its commit; the version read used to queue behind them, so a
 * cached page waited as long as the slowest write, or failed with a 503 once
 * no connection came within 5 s. SQLite has one connection and no pool.
 */
describe.skipIf(!testServerUrl())("cached reads while every write connection is busy", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  test("a cached category page and a cached session answer at once", async () => {
    if (t.env.database.dialect !== "postgres") throw new Error("PostgreSQL only");
    const { KTM } = await categoryIds(t);
    const seller = await newPerson(t, "seller");
    const buyer = await newPerson(t, "buyer");
    await listBike(t, seller, KTM, { title: "KTM Duke, read while writes wait" });
    const page = `/api/categories/${KTM}/bikes`;
    const before = await (await t.request(page, { cookie: buyer.cookie })).text();

    // Ten transactions, as many as the app's pool holds, kept open until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let opened = 0;
    const holders = Array.from({ length: 10 }, () =>
      t.deps.db.transaction().execute(async (trx) => {
        await trx.selectFrom("categories").select("id").execute();
        opened++;
        await released;
      }),
    );
    try {
      await expect.poll(() => opened, { timeout: 5_000 }).toBe(10);
      const started = performance.now();
      const response = await t.request(page, { cookie: buyer.cookie });
      const waited = performance.now() - started;
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(before);
      // Well under the pool's 5 s wait for a connection; a cached answer takes a few ms.
      expect(waited).toBeLessThan(2_000);
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
