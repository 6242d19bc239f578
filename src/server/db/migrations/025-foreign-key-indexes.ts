import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * An index for each foreign key that had none. Deleting the row a foreign
 * key points at makes the database find the rows pointing at it (to cascade
 * or set them null); without an index on the pointing column that is a scan
 * of the whole table. Deleting one listing read every booking ever made (the
 * partial index on active bookings can't answer "every booking of this
 * bike"), and deleting an account read every review and report. Found by the
 * mixed workload's clean-up, where one listing's deletion took 4 ms at 10,000
 * bikes (docs/decisions/0021-fast-uncached-reads-and-writes.md);
 * db/foreign-key-indexes.test.ts keeps every foreign key covered.
 */
const INDEXES: Array<[name: string, table: string, column: string]> = [
  ["bookings_bike", "bookings", "bikeId"],
  ["reports_bike", "reports", "bikeId"],
  ["reports_reporter", "reports", "reporterId"],
  ["reviews_buyer", "reviews", "buyerId"],
  ["reviews_removed_by", "reviews", "removedBy"],
];

export function foreignKeyIndexesMigration() {
  return {
    async up(db: AnyDb) {
      for (const [name, table, column] of INDEXES) {
        await db.schema.createIndex(name).on(table).column(column).execute();
      }
    },
    async down(db: AnyDb) {
      for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
    },
  };
}
