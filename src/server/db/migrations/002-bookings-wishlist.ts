import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

export function bookingsWishlistMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("bookings")
        .addColumn("id", "text", (col) => col.primaryKey())
        // Bookings outlive bikes and accounts: the references go null, the snapshot stays.
        .addColumn("bikeId", "text", (col) => col.references("bikes.id").onDelete("set null"))
        .addColumn("buyerId", "text", (col) => col.references("users.id").onDelete("set null"))
        .addColumn("sellerId", "text", (col) => col.references("users.id").onDelete("set null"))
        .addColumn("buyerName", "text", (col) => col.notNull())
        .addColumn("sellerName", "text", (col) => col.notNull())
        .addColumn("phone", "text", (col) => col.notNull())
        .addColumn("meetingLocation", "text", (col) => col.notNull())
        .addColumn("bikeTitle", "text", (col) => col.notNull())
        .addColumn("bikeImageUrl", "text", (col) => col.notNull())
        .addColumn("listedPrice", "integer", (col) => col.notNull())
        .addColumn("discountPercent", "integer", (col) => col.notNull())
        .addColumn("finalPrice", "integer", (col) => col.notNull())
        .addColumn("status", "text", (col) =>
          col
            .notNull()
            .check(sql`status in ('pending', 'accepted', 'declined', 'cancelled', 'completed')`),
        )
        .addColumn("createdAt", timestampType(dialect), (col) => col.notNull())
        .addColumn("updatedAt", timestampType(dialect), (col) => col.notNull())
        .execute();

      // The rule "a bike has at most one active booking" lives in the database,
      // so two buyers racing for one bike get one success and one conflict.
      await db.schema
        .createIndex("bookings_one_active_per_bike")
        .unique()
        .on("bookings")
        .column("bikeId")
        .where(sql.ref("status"), "in", ["pending", "accepted"])
        .execute();
      await db.schema
        .createIndex("bookings_buyer")
        .on("bookings")
        .columns(["buyerId", "createdAt"])
        .execute();
      await db.schema
        .createIndex("bookings_seller")
        .on("bookings")
        .columns(["sellerId", "createdAt"])
        .execute();

      await db.schema
        .createTable("wishlist")
        .addColumn("userId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("bikeId", "text", (col) =>
          col.notNull().references("bikes.id").onDelete("cascade"),
        )
        .addColumn("addedAt", timestampType(dialect), (col) => col.notNull())
        .addPrimaryKeyConstraint("wishlist_pk", ["userId", "bikeId"])
        .execute();
      await db.schema
        .createIndex("wishlist_user_added")
        .on("wishlist")
        .columns(["userId", "addedAt"])
        .execute();
      await db.schema.createIndex("wishlist_bike").on("wishlist").column("bikeId").execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("wishlist").execute();
      await db.schema.dropTable("bookings").execute();
    },
  };
}
