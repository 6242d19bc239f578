import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * PostgreSQL: a second full-text index holding only the available bikes.
 * The search (GET /api/bikes) only ever shows available bikes, and its capped
 * count reads the index's whole list for each word before it can stop; at a
 * million bikes, "duke" and "390" list 330,000 bikes, a seventh of them
 * booked or sold. The planner takes this index whenever a query says
 * `status = 'available'`; a brand's page, which lists every bike, keeps the
 * full one. SQLite's FTS5 index has no partial form: nothing to do there.
 * (docs/decisions/0008-search-at-scale.md)
 */
export function availableSearchMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      if (dialect !== "postgres") return;
      await sql`create index bikes_search_available on bikes
        using gin ("searchVector") where status = 'available'`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect !== "postgres") return;
      await sql`drop index if exists bikes_search_available`.execute(db);
    },
  };
}
