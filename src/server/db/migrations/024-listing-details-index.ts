import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Named by search/detail-index.ts, which is the only reader (INDEXED BY). */
export const LISTING_DETAILS_INDEX = "bikes_shown_details";

/**
 * SQLite: the listing details of every bike, in one narrow index led by what
 * the search always asks (available, not hidden), so a search on details can
 * count its matches, and find a page of them when they are few, without
 * reading a single bike. Before it, a combination almost no bike has
 * ("2024 or newer, needs work") read every available bike in the sort's order
 * looking for one: seconds at a million, for the page and again for the count.
 *
 * Only queries that name it (INDEXED BY) use it: the search writes its
 * model-year filter so the planner can't seek this index by itself, since with
 * no statistics it would then sort every recent bike to find a first page
 * (docs/decisions/0017-listing-details-at-scale.md).
 *
 * PostgreSQL has statistics and chooses its plans from them; it gets nothing.
 */
export function listingDetailsIndexMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect !== "sqlite") return;
      await sql`create index ${sql.id(LISTING_DETAILS_INDEX)} on bikes
        (status, hidden, "modelYear", "mileageKm", "engineCc", "condition")`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect !== "sqlite") return;
      await sql`drop index if exists ${sql.id(LISTING_DETAILS_INDEX)}`.execute(db);
    },
  };
}
