import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * A seller's listings newest first, a page at a time (GET /api/me/bikes):
 * the index on `sellerId` alone made every page sort all of the seller's
 * bikes. Keyed (sellerId, postedAt), it hands a page over in order, and it
 * still leads with `sellerId`, so deleting an account still finds its bikes
 * by seeking (025, db/foreign-key-indexes.test.ts).
 */
export function bikesBySellerNewestMigration() {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex("bikes_seller_posted")
        .on("bikes")
        .columns(["sellerId", "postedAt"])
        .execute();
      await db.schema.dropIndex("bikes_seller").execute();
    },
    async down(db: AnyDb) {
      await db.schema.createIndex("bikes_seller").on("bikes").column("sellerId").execute();
      await db.schema.dropIndex("bikes_seller_posted").execute();
    },
  };
}
