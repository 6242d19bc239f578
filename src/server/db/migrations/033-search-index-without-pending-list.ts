import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** PostgreSQL's full-text indexes of the bikes (migrations 003 and 009). */
export const SEARCH_GIN_INDEXES = ["bikes_search", "bikes_search_available"] as const;

/**
 * PostgreSQL: the full-text indexes take each write at once instead of
 * queuing it. By default a GIN index appends new entries to a pending list
 * that every search then reads in full, until a vacuum, an analyze or the
 * list's 4 MB limit merges it in: with autovacuum on, up to about a minute
 * of writes; with it off, up to the limit. A bike's booking and its
 * cancellation each write a new row version with every word of the bike
 * (status is in the available index's predicate, so no update of it is
 * HOT), so under a stream of bookings the list stays long. After the
 * bench's writes (autovacuum off on its server) it held the words of 9,575
 * row versions (182 pages) for 10,000 bikes, and the search's capped
 * count took 4.6 ms against 0.6 ms once merged, its index scan 2.4 ms
 * against 0.2 (docs/decisions/0021-fast-uncached-reads-and-writes-passes.md,
 * thirty-first pass). Turning the list off doesn't merge what it holds:
 * gin_clean_pending_list does. SQLite's FTS5 index is untouched by a
 * status change, and merges its own segments as it is written.
 */
export function searchIndexWithoutPendingListMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect !== "postgres") return;
      for (const index of SEARCH_GIN_INDEXES) {
        await sql`alter index ${sql.id(index)} set (fastupdate = off)`.execute(db);
        await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
      }
    },
    async down(db: AnyDb) {
      if (dialect !== "postgres") return;
      for (const index of SEARCH_GIN_INDEXES) {
        await sql`alter index ${sql.id(index)} reset (fastupdate)`.execute(db);
      }
    },
  };
}
