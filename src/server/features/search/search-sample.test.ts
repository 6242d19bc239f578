import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SEARCH_SAMPLE_INDEX } from "#src/server/db/migrations/035-search-sample-index";
import { countingStatements } from "#tests/support/counted-statements";
import { planText } from "#tests/support/query-plans";
import { addBike, type Market, openMarket } from "#tests/support/search-market";
import { createTestApp } from "#tests/support/test-app";
import { testServerUrl } from "#tests/support/test-database";
import { countBikes } from "./bike-listing";

// migrations/035: on PostgreSQL the search's capped count asks a sixteenth of
// the bikes first, and only a sample holding more matches than the cap ends
// the count there; otherwise the same statement goes on to count the whole
// index. Whatever the sample holds, the count must be the one the
// whole index gives: exact up to the cap, "capped" past it. The sample here
// is chosen by rewriting ids, so each cap falls on a known side of it.

let market: Market;
// Ten matches that the search shows, four of them in the sample; and a sold
// and a hidden one in the sample, which no count may take.
const COMMON = { word: "zephyrine", shown: 10, sampled: 4 };
// Three matches, every one in the sample: a sample as large as the cap proves nothing.
const SAMPLED_ONLY = { word: "quokkaline", shown: 3, sampled: 3 };

/** The id `id` would have with `last` as its last hex digit: the sample takes those ending in 0. */
const withLastDigit = (id: string, last: string) => `${id.slice(0, -1)}${last}`;

/** Lists `count` bikes holding `word`, moving the first `sampled` of them into the sample and the rest out. */
async function listWithSample(word: string, count: number, sampled: number) {
  const { db } = market.t.deps;
  const ids = [];
  for (let i = 0; i < count; i++) {
    const bike = await addBike(market, { title: `Honda CB ${word} number ${i}` });
    const id = withLastDigit(bike.id, i < sampled ? "0" : "1");
    await db.updateTable("bikes").set({ id }).where("id", "=", bike.id).execute();
    ids.push(id);
  }
  return ids;
}

beforeAll(async () => {
  market = await openMarket(await createTestApp());
  await listWithSample(COMMON.word, COMMON.shown, COMMON.sampled);
  await listWithSample(SAMPLED_ONLY.word, SAMPLED_ONLY.shown, SAMPLED_ONLY.sampled);
  const [sold, hidden] = await listWithSample(COMMON.word, 2, 2);
  const { db } = market.t.deps;
  await db.updateTable("bikes").set({ status: "sold" }).where("id", "=", String(sold)).execute();
  await db.updateTable("bikes").set({ hidden: 1 }).where("id", "=", String(hidden)).execute();
});
afterAll(() => market?.t.close());

/**
 * The plan PostgreSQL makes once for every call of `query` (a statement
 * prepared once per connection comes to use it, db/postgres-statements.ts)
 * when `index` is the bikes' only index, dropped and put back in a
 * transaction: a near-empty table would be read whole, or through any other
 * index. With the table scan priced out, the index is in the plan only if
 * the query's own text, not a value bound to it, implies the index's predicate.
 */
async function genericPlanWithOnly(index: string, query: CompiledQuery): Promise<string> {
  const { db } = market.t.deps;
  return db
    .transaction()
    .execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      const { rows } = await sql<{ name: string }>`
        select indexname as name from pg_indexes
        where tablename = 'bikes' and indexname not in (${index}, 'bikes_pkey')`.execute(trx);
      for (const { name } of rows) await sql`drop index ${sql.id(name)}`.execute(trx);
      await sql.raw(`prepare sample_count as ${query.sql}`).execute(trx);
      const values = sql.join(query.parameters.map((value) => sql.lit(value as string | number)));
      const explained = await sql<
        Record<string, string>
      >`explain execute sample_count(${values})`.execute(trx);
      throw new PlanShown(planText(explained.rows));
    })
    .catch((error: unknown) => {
      if (error instanceof PlanShown) return error.plan;
      throw error;
    });
}

/** `query` run under EXPLAIN ANALYZE: which of its parts ran. */
async function analyzed(query: CompiledQuery): Promise<string> {
  const explained = await market.t.deps.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]),
  );
  return planText(explained.rows);
}

/** How many reads of the bikes table an analyzed plan ran: a part never run says "(never executed)". */
const scansOfBikesRun = (plan: string) =>
  plan.split("\n").filter((line) => / on bikes .*\(actual /.test(line)).length;

/** Thrown to roll the dropped indexes back, carrying the plan out. */
class PlanShown extends Error {
  constructor(readonly plan: string) {
    super("plan shown");
  }
}

describe("the search's capped count", () => {
  test("is exact up to the cap and capped past it, whichever side of the sample the cap falls", async () => {
    const { db, dialect } = market.t.deps;
    for (const { word, shown, sampled } of [COMMON, SAMPLED_ONLY]) {
      for (const cap of [1, sampled - 1, sampled, sampled + 1, shown - 1, shown, shown + 1, 1000]) {
        const expected = { word, cap, total: Math.min(shown, cap), capped: shown > cap };
        const filters = { q: word, availableOnly: true };
        const withSample = await countBikes(db, dialect, filters, cap);
        expect({ word, cap, ...withSample }).toEqual(expected);
        const whole = await countBikes(db, dialect, filters, cap, "newest", undefined, {
          sample: false,
        });
        expect({ word, cap, ...whole }).toEqual(expected);
      }
    }
  });

  test("the search's answer says the same", async () => {
    const response = await market.t.request(`/api/bikes?q=${COMMON.word}`, {
      cookie: market.buyer,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ total: COMMON.shown, totalCapped: false });
  });

  test.runIf(testServerUrl())(
    "PostgreSQL asks the sample through its own index, and counts the whole index only when the sample proves nothing",
    async () => {
      const { dialect } = market.t.deps;
      const { db, ran } = countingStatements(market.t.deps.db);
      const filters = { q: COMMON.word, availableOnly: true };
      const countsSent = () => ran.filter((query) => query.sql.includes("count("));

      // Cap 2 < 4 matches in the sample: the whole index's count is in the statement, never run.
      expect(await countBikes(db, dialect, filters, 2)).toEqual({ total: 2, capped: true });
      const [proved, ...more] = countsSent();
      if (!proved) throw new Error("no count was sent");
      expect(more).toHaveLength(0);
      expect(proved.sql).toContain("right(");
      expect(await genericPlanWithOnly(SEARCH_SAMPLE_INDEX, proved)).toContain(SEARCH_SAMPLE_INDEX);
      expect(scansOfBikesRun(await analyzed(proved))).toBe(1);

      // Cap 5 > 4: the sample proves nothing, and the whole index is counted in the same statement.
      ran.length = 0;
      expect(await countBikes(db, dialect, filters, 5)).toEqual({ total: 5, capped: true });
      const [unproved, ...others] = countsSent();
      if (!unproved) throw new Error("no count was sent");
      expect(others).toHaveLength(0);
      expect(scansOfBikesRun(await analyzed(unproved))).toBe(2);
    },
  );
});
