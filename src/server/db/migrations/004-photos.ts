import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/** Uploaded photos and the bikes that show them (docs/decisions/0005-photo-uploads.md). */
export function photosMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("ownerId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("width", "integer", (col) => col.notNull())
        .addColumn("height", "integer", (col) => col.notNull())
        .addColumn("createdAt", timestampType(dialect), (col) => col.notNull())
        .execute();
      // The account-deletion cascade looks rows up by owner; the sweep by age.
      await db.schema.createIndex("uploads_owner").on("uploads").column("ownerId").execute();
      await db.schema.createIndex("uploads_created").on("uploads").column("createdAt").execute();

      await db.schema
        .createTable("bikePhotos")
        .addColumn("bikeId", "text", (col) =>
          col.notNull().references("bikes.id").onDelete("cascade"),
        )
        // The sweep deletes only uploads no bike shows, so this cascade is a
        // backstop: a link never outlives the photo it points to.
        .addColumn("uploadId", "text", (col) =>
          col.notNull().references("uploads.id").onDelete("cascade"),
        )
        .addColumn("position", "integer", (col) =>
          col.notNull().check(sql`"position" >= 0 and "position" < 8`),
        )
        .addPrimaryKeyConstraint("bikePhotos_pk", ["bikeId", "position"])
        .addUniqueConstraint("bikePhotos_bike_upload", ["bikeId", "uploadId"])
        .execute();
      // "Does any bike show this upload?" (the sweep) and the uploads cascade.
      await db.schema
        .createIndex("bikePhotos_upload")
        .on("bikePhotos")
        .column("uploadId")
        .execute();
      // "Does any booking's snapshot show this cover?" (the sweep keeps those).
      await db.schema
        .createIndex("bookings_bike_image")
        .on("bookings")
        .column("bikeImageUrl")
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("bookings_bike_image").execute();
      await db.schema.dropTable("bikePhotos").execute();
      await db.schema.dropTable("uploads").execute();
    },
  };
}
