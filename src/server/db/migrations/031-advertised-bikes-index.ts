import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Read by the home page's Advertised section (features/bikes/bikes.queries.ts). */
export const ADVERTISED_BIKES_INDEX = "bikes_advertised_posted";

/**
 * The home page's Advertised section: the newest advertised bikes that are
 * available and shown. Read through the index of available bikes by date
 * (028), it walked every available bike newer than the twelfth advertised
 * one, reading each row to see whether it was advertised: with one bike in
 * two hundred advertised, some 2,400 rows for a page of 12, slower as the
 * market grew (0.9 → 3.8 ms on PostgreSQL from 10,000 to 1,000,000 bikes).
 * This index holds the advertised, available, shown bikes only, newest
 * first: the page is its first twelve entries, and only a bike entering or
 * leaving that state writes to it. The query writes the same predicate as
 * literals, so both databases can use it (decision 21).
 */
export function advertisedBikesIndexMigration() {
  return {
    async up(db: AnyDb) {
      await sql`create index ${sql.id(ADVERTISED_BIKES_INDEX)} on bikes ("postedAt", id)
        where advertised = 1 and status = 'available' and hidden = 0`.execute(db);
    },
    async down(db: AnyDb) {
      await sql`drop index if exists ${sql.id(ADVERTISED_BIKES_INDEX)}`.execute(db);
    },
  };
}
