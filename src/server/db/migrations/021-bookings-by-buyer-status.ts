import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * A buyer's bookings by status. Every booking reads the buyer's active
 * bookings (the cap, MAX_ACTIVE_BOOKINGS) and whether the first-booking
 * discount is held by one of them (catalog/quotes.ts); through the index on
 * (buyerId, createdAt) both read every booking the buyer ever made, so a
 * booking got slower with each one before it. With this index each is a few
 * seeks, however long the buyer's history (docs/decisions/0021-fast-uncached-reads-and-writes.md).
 */
export function bookingsByBuyerStatusMigration() {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex("bookings_buyer_status")
        .on("bookings")
        .columns(["buyerId", "status"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("bookings_buyer_status").execute();
    },
  };
}
