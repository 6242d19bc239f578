import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Read by search/detail-index.ts (SQLite: by name, INDEXED BY). */
export const LISTING_DETAILS_INDEX = "bikes_shown_details";

/**
 * The listing details of every bike, in one narrow index led by what the
 * search always asks (available, not hidden), so a search on details can
 * count its matches, and find a page of them when they are few, without
 * reading a single bike. Before it, a combination almost no bike has
 * ("2024 or newer, needing work") read every available bike in the sort's
 * order looking for one: about 3 s at a million on both databases, for the
 * page and again for the count (docs/decisions/0017-listing-details-at-scale.md).
 *
 * Newest model years first, listings without details last: the order a
 * capped count reads it in (search/detail-index.ts). SQLite reads the index
 * backwards for that (its nulls sort first); PostgreSQL is given the order.
 *
 * SQLite, with no statistics, would seek this index for any model-year range
 * and sort every recent bike to find a first page: only the queries that name
 * it (INDEXED BY) use it, and the search writes its model-year bound elsewhere
 * so that SQLite can't seek by it.
 */
export function listingDetailsIndexMigration(dialect: Dialect) {
  const year = dialect === "postgres" ? `"modelYear" desc nulls last` : `"modelYear"`;
  return {
    async up(db: AnyDb) {
      await sql`create index ${sql.id(LISTING_DETAILS_INDEX)} on bikes
        (status, hidden, ${sql.raw(year)}, "mileageKm", "engineCc", "condition")`.execute(db);
    },
    async down(db: AnyDb) {
      await sql`drop index if exists ${sql.id(LISTING_DETAILS_INDEX)}`.execute(db);
    },
  };
}
