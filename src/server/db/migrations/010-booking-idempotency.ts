import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * The client's `Idempotency-Key` for a booking (docs/api.md): a retry of the
 * same intent, after an answer lost to a dropped connection, finds the first
 * booking instead of making a second. Unique per buyer; bookings made
 * without a key (null) are not constrained.
 */
export function bookingIdempotencyMigration() {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable("bookings").addColumn("idempotencyKey", "text").execute();
      await db.schema
        .createIndex("bookings_buyerId_idempotencyKey")
        .on("bookings")
        .columns(["buyerId", "idempotencyKey"])
        .unique()
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("bookings_buyerId_idempotencyKey").execute();
      await db.schema.alterTable("bookings").dropColumn("idempotencyKey").execute();
    },
  };
}
