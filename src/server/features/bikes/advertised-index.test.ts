import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ADVERTISED_BIKES_INDEX } from "#src/server/db/migrations/031-advertised-bikes-index";
import { categoryIds, listBike } from "#tests/support/builders/bike";
import { newPerson } from "#tests/support/people";
import { planText } from "#tests/support/query-plans";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { advertisedBikes } from "./bikes.queries";

// migrations/031: the home page's Advertised section is the first entries of
// an index holding exactly the bikes it may show. A predicate bound as a
// parameter rather than written as a literal would keep either database
// from matching the partial index, and the section would walk every
// available bike again; this checks the plan the app's own query gets.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const [seller, { SUZUKI }] = await Promise.all([newPerson(t, "seller"), categoryIds(t)]);
  // Three listings, one of them advertised.
  const advertised = await listBike(t, seller, SUZUKI);
  await listBike(t, seller, SUZUKI);
  await listBike(t, seller, SUZUKI);
  const response = await t.request(`/api/bikes/${advertised.id}`, {
    method: "PATCH",
    body: { advertised: true },
    cookie: seller.cookie,
  });
  expect(response.status).toBe(200);
});
afterAll(() => t?.close());

test("the Advertised section is read from its own index, on both databases", async () => {
  const { db, dialect } = t.deps;
  const query = advertisedBikes(db, null).compile();
  // Nothing bound: PostgreSQL's plan made once serves every call, none is planned again.
  expect(query.parameters).toEqual([]);
  const plan = await db.transaction().execute(async (trx) => {
    if (dialect === "postgres") {
      // A near-empty table is cheapest to scan whole: ask which index the planner can use,
      // in the generic plan a statement prepared once per connection comes to use, where a
      // bound value can't match the index's predicate.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      await sql.raw(`prepare advertised_plan as ${query.sql}`).execute(trx);
      const explained = await sql
        .raw<Record<string, string>>("explain execute advertised_plan")
        .execute(trx);
      await sql`deallocate advertised_plan`.execute(trx);
      return planText(explained.rows);
    }
    const explained = await trx.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`),
    );
    return explained.rows.map((row) => row.detail).join("\n");
  });
  expect(plan).toContain(ADVERTISED_BIKES_INDEX);
  expect((await advertisedBikes(db, null).execute()).map((bike) => bike.advertised)).toEqual([1]);
});
