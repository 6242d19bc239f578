import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { openPostgresTestDatabase, testServerUrl } from "#tests/support/test-database";
import type { DatabaseHandle } from "../db/database";
import { dataVersionOf } from "./data-version";

// Every cached answer on PostgreSQL asks for its versions first, so the
// question must cost the database little and be asked as seldom as
// freshness allows (data-version.ts).
describe.skipIf(!testServerUrl())("PostgreSQL version reads", () => {
  let opened: Awaited<ReturnType<typeof openPostgresTestDatabase>> | undefined;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    opened = await openPostgresTestDatabase();
    handle = opened.handle;
    // Only what the version read asks of: the app's migrations make the same columns.
    await sql`create table "dataVersions" ("key" text primary key, "version" bigint not null)`.execute(
      handle.db,
    );
    await sql`create table bikes (id text primary key, "categoryId" text not null)`.execute(
      handle.db,
    );
    await sql`insert into "dataVersions" ("key", "version") values ('category:c1', 7), ('prices:c1', 3)`.execute(
      handle.db,
    );
    await sql`insert into bikes (id, "categoryId") values ('b1', 'c1')`.execute(handle.db);
  });
  afterAll(async () => {
    await opened?.close();
  });

  // By default PostgreSQL planned the statement again at every call (its
  // generic plan, costed for arrays of unknown length, never looked cheaper
  // than a custom one), three times the CPU of running a kept plan. The
  // version reads' own connections keep the generic plan (db/database.ts).
  test("run on a kept plan, never planned again per call, and still answer what changed", async () => {
    if (handle.driver.dialect !== "postgres") throw new Error("PostgreSQL only");
    const versions = dataVersionOf(handle.driver);
    const scope = { keys: ["category:c1", "user:u1"] };
    // More calls than PostgreSQL's five custom plans before it weighs a generic one.
    const tokens: string[] = [];
    for (let call = 0; call < 8; call++) tokens.push(await versions.read(scope));
    expect(new Set(tokens).size).toBe(1);

    // One at a time, so the pool hands back the connection that just ran them.
    const { rows } = await handle.driver.versionPool.query<{
      generic: number;
      custom: number;
    }>(
      `select generic_plans::int as generic, custom_plans::int as custom
       from pg_prepared_statements where name = 'reride-data-versions'`,
    );
    expect(rows).toEqual([{ generic: 8, custom: 0 }]);

    await sql`update "dataVersions" set "version" = 8 where "key" = 'category:c1'`.execute(
      handle.db,
    );
    expect(await versions.read(scope)).not.toBe(tokens[0]);
  });

  test("the requests read in one turn share one query, and a write before a later one is seen", async () => {
    if (handle.driver.dialect !== "postgres") throw new Error("PostgreSQL only");
    const versions = dataVersionOf(handle.driver);
    const queries = vi.spyOn(handle.driver.versionPool, "query");
    try {
      // Five requests' checks, asked in the same turn of the event loop.
      const sameTurn = await Promise.all(
        ["u1", "u2", "u3", "u4", "u5"].map((user) =>
          versions.read({ keys: ["category:c1", `user:${user}`] }),
        ),
      );
      expect(queries).toHaveBeenCalledTimes(1);
      expect(new Set(sameTurn).size).toBe(1);

      await sql`update "dataVersions" set "version" = 9 where "key" = 'category:c1'`.execute(
        handle.db,
      );
      const later = await versions.read({ keys: ["category:c1", "user:u1"] });
      expect(queries).toHaveBeenCalledTimes(2);
      expect(later).not.toBe(sameTurn[0]);
    } finally {
      queries.mockRestore();
    }
  });
});
