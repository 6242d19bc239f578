import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// Migrations are frozen in time, so they speak to an untyped schema.
// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

export function timestampType(dialect: Dialect) {
  return dialect === "postgres" ? sql`timestamptz` : sql`text`;
}

export function catalogMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("categories")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("name", "text", (col) => col.notNull().unique())
        .addColumn("logo", "text", (col) => col.notNull())
        .addColumn("sortOrder", "integer", (col) => col.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable("bikes")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("sellerId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("categoryId", "text", (col) => col.notNull().references("categories.id"))
        .addColumn("title", "text", (col) => col.notNull())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("imageUrl", "text", (col) => col.notNull())
        .addColumn("location", "text", (col) => col.notNull())
        .addColumn("yearsOfUse", "integer", (col) => col.notNull())
        .addColumn("originalPrice", "integer", (col) => col.notNull())
        .addColumn("resalePrice", "integer", (col) => col.notNull())
        .addColumn("phone", "text", (col) => col.notNull())
        .addColumn("description", "text")
        .addColumn("status", "text", (col) =>
          col
            .notNull()
            .defaultTo("available")
            .check(sql`status in ('available', 'booked', 'sold')`),
        )
        .addColumn("advertised", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("postedAt", timestampType(dialect), (col) => col.notNull())
        .addColumn("updatedAt", timestampType(dialect), (col) => col.notNull())
        .execute();

      // The category page: newest first within a category, keyset on (postedAt, id).
      await db.schema
        .createIndex("bikes_category_posted")
        .on("bikes")
        .columns(["categoryId", "postedAt desc", "id desc"])
        .execute();
      await db.schema.createIndex("bikes_seller").on("bikes").column("sellerId").execute();
      await db.schema
        .createIndex("bikes_category_status")
        .on("bikes")
        .columns(["categoryId", "status"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("bikes").execute();
      await db.schema.dropTable("categories").execute();
    },
  };
}
