import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

const STATUSES = ["pending", "accepted", "declined", "cancelled", "completed", "expired"];

/**
 * Bookings made fair (PRODUCT.md §8): a pending booking nobody answers
 * becomes `expired`; the 5% promotion is bound to the first bike a buyer
 * ever wishlisted (`firstWishes`, one row per buyer, written once); the
 * expiry job finds old pending bookings by index.
 */
export function bookingsMadeFairMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await allowStatuses(db, dialect, STATUSES);
      await db.schema
        .createIndex("bookings_pending_created")
        .on("bookings")
        .column("createdAt")
        .where(sql.ref("status"), "=", "pending")
        .execute();
      await db.schema
        .createTable("firstWishes")
        .addColumn("userId", "text", (col) =>
          col.primaryKey().references("users.id").onDelete("cascade"),
        )
        // No reference: a deleted bike stays the first wish, so the promotion never moves.
        .addColumn("bikeId", "text", (col) => col.notNull())
        .addColumn("addedAt", timestampType(dialect), (col) => col.notNull())
        .execute();
      // Today's oldest entry is the best record there is of each buyer's first wish.
      await sql`insert into ${sql.table("firstWishes")} (${sql.ref("userId")}, ${sql.ref("bikeId")}, ${sql.ref("addedAt")})
        select w.${sql.ref("userId")}, w.${sql.ref("bikeId")}, w.${sql.ref("addedAt")} from ${sql.table("wishlist")} w
        where not exists (select 1 from ${sql.table("wishlist")} o where o.${sql.ref("userId")} = w.${sql.ref("userId")}
          and (o.${sql.ref("addedAt")} < w.${sql.ref("addedAt")}
            or (o.${sql.ref("addedAt")} = w.${sql.ref("addedAt")} and o.${sql.ref("bikeId")} < w.${sql.ref("bikeId")})))`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("firstWishes").execute();
      await db.schema.dropIndex("bookings_pending_created").execute();
      await db.deleteFrom("bookings").where("status", "=", "expired").execute();
      await allowStatuses(db, dialect, STATUSES.slice(0, -1));
    },
  };
}

const COLUMNS = [
  "id",
  "bikeId",
  "buyerId",
  "sellerId",
  "buyerName",
  "sellerName",
  "phone",
  "meetingLocation",
  "bikeTitle",
  "bikeImageUrl",
  "listedPrice",
  "discountPercent",
  "finalPrice",
  "status",
  "createdAt",
  "updatedAt",
  "idempotencyKey",
] as const;

/** Replaces the bookings' status check; SQLite can't alter one, so there the table is rebuilt. */
async function allowStatuses(db: AnyDb, dialect: Dialect, statuses: string[]) {
  const check = sql`status in (${sql.join(statuses.map((status) => sql.lit(status)))})`;
  if (dialect === "postgres") {
    await sql`alter table bookings drop constraint bookings_status_check`.execute(db);
    await sql`alter table bookings add constraint bookings_status_check check (${check})`.execute(
      db,
    );
    return;
  }
  // SQLite's documented way (lang_altertable, "other kinds of table schema changes"):
  // nothing references bookings, so the copy can take its place.
  await db.schema
    .createTable("bookings_next")
    .addColumn("id", "text", (col) => col.primaryKey())
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
    .addColumn("status", "text", (col) => col.notNull().check(check))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .addColumn("idempotencyKey", "text")
    .execute();
  await db
    .insertInto("bookings_next")
    .columns(COLUMNS)
    .expression(db.selectFrom("bookings").select(COLUMNS))
    .execute();
  await db.schema.dropTable("bookings").execute();
  await db.schema.alterTable("bookings_next").renameTo("bookings").execute();
  // The indexes went with the old table (migrations 002, 004, 010, and this one's).
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
    .createIndex("bookings_bike_image")
    .on("bookings")
    .column("bikeImageUrl")
    .execute();
  await db.schema
    .createIndex("bookings_buyerId_idempotencyKey")
    .on("bookings")
    .columns(["buyerId", "idempotencyKey"])
    .unique()
    .execute();
}
