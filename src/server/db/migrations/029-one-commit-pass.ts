import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import {
  createApplyCategoryCountChanges,
  createLiveEventRaisers,
  remakeVersionTriggers,
} from "./026-shared-rows-at-commit";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * PostgreSQL: a transaction's shared rows (026) are written by one call at
 * commit, not one call per row written that finds the work done. Every row
 * a booking wrote — the bike, the booking, the notice, and at commit the
 * category's count — queued a deferred call of `shared_rows_at_commit()`,
 * and the count's own version trigger noted the `category:` key the bike
 * had already noted, which queued a second pass of the commit's work. Now
 * a row queues the call only while the transaction has nothing pending
 * (version-triggers.ts, "at commit, queued once"), and the counts written
 * at commit note nothing. Per booking or cancellation, the trigger
 * functions' calls fell from 13.7 to 8.5 and their time by about a fifth
 * (docs/decisions/0021-fast-uncached-reads-and-writes-passes.md, twenty-first pass).
 * What moves, and when, is unchanged. SQLite moves versions at the write and
 * has none of this.
 */
export function oneCommitPassMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect !== "postgres") return;
      await createApplyCategoryCountChanges(db, true);
      await createLiveEventRaisers(db, true);
      await remakeVersionTriggers(db, dialect, "at commit, queued once");
    },
    async down(db: AnyDb) {
      if (dialect !== "postgres") return;
      await remakeVersionTriggers(db, dialect, "at commit");
      await createLiveEventRaisers(db, false);
      await createApplyCategoryCountChanges(db, false);
    },
  };
}
