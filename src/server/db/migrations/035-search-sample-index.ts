import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Read by the search's capped count (features/search/bike-listing.ts, countBikes). */
export const SEARCH_SAMPLE_INDEX = "bikes_search_sample";

/**
 * PostgreSQL: a full-text index of a sixteenth of the bikes the search
 * shows (available and shown), those whose id ends in `0`. A bike's id is a
 * random UUID, so its last hex digit is one of sixteen at random.
 *
 * The search counts its matches up to 1,000 (then "1,000+"), and a GIN
 * index can't stop at a cap: it reads each word's whole list before the
 * first match comes back. At a million bikes "duke" and "390" list 178,819
 * and 107,382 available bikes, and their capped count took 15–20 ms, most
 * of the search's time. Counted in this index first, 1,001 matches among
 * the sampled bikes prove the total is past the cap, from lists a
 * sixteenth as long; fewer, and the count is taken in full as before, so
 * the answer is always exact up to the cap. Rare words pay the sample's
 * small extra count (decision 0008). SQLite's FTS5 count stops at the cap
 * by itself: nothing to do there.
 *
 * The predicate is written as literals in the query too, so the planner
 * can match it in a plan made once for every call.
 */
export function searchSampleIndexMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect !== "postgres") return;
      // Without a pending list, as every full-text index here (migration 033).
      await sql`create index ${sql.id(SEARCH_SAMPLE_INDEX)} on bikes
        using gin ("searchVector") with (fastupdate = off)
        where status = 'available' and hidden = 0 and right(id, 1) = '0'`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect !== "postgres") return;
      await sql`drop index if exists ${sql.id(SEARCH_SAMPLE_INDEX)}`.execute(db);
    },
  };
}
