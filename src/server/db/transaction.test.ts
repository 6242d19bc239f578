import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categoryIds } from "#tests/support/builders/bike";
import { createTestApp, type TestApp } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";
import type { AppDb } from "./database";
import { inTransaction } from "./transaction";

// Two transactions that lock the same two rows in opposite orders deadlock on
// PostgreSQL, which aborts one of them. inTransaction must run the victim
// again, so both writes land. SQLite takes one writer at a time: nothing to
// prove there.
describe.skipIf(!testServerUrl())("inTransaction on PostgreSQL", () => {
  let t: TestApp;
  let rows: [string, string];

  beforeAll(async () => {
    t = await createTestApp();
    const ids = await categoryIds(t);
    rows = [ids.SUZUKI, ids.YAMAHA];
  });
  afterAll(() => t?.close());

  /** Locks `first`, waits until the other transaction holds its row, then locks `second`. */
  function lockBoth(
    db: AppDb,
    first: string,
    second: string,
    bothHoldOne: Promise<void>,
    held: () => void,
  ) {
    let attempts = 0;
    const done = inTransaction(db, async (trx) => {
      attempts++;
      await sql`select 1 from "categoryCounts" where "categoryId" = ${first} for update`.execute(
        trx,
      );
      if (attempts === 1) {
        held();
        await bothHoldOne;
      }
      await sql`select 1 from "categoryCounts" where "categoryId" = ${second} for update`.execute(
        trx,
      );
      return attempts;
    });
    return done;
  }

  test("a deadlock's victim is run again and both transactions commit", async () => {
    let holders = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = () => {
      holders++;
      if (holders === 2) release();
    };
    const [a, b] = await Promise.all([
      lockBoth(t.deps.db, rows[0], rows[1], bothHoldOne, held),
      lockBoth(t.deps.db, rows[1], rows[0], bothHoldOne, held),
    ]);
    // Exactly one of them was chosen as the victim and ran a second time.
    expect([a, b].sort()).toEqual([1, 2]);
  });
});
