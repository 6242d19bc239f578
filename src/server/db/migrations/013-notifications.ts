import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * In-app notifications and the user's choice about e-mail (PRODUCT.md §8,
 * src/server/notifications/). A notification belongs to one user and goes
 * with the account; `readAt` is null until the user has seen it. A user
 * without a `userPreferences` row has the defaults (e-mail on).
 */
export function notificationsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("notifications")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("userId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("title", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("link", "text", (col) => col.notNull())
        .addColumn("createdAt", timestampType(dialect), (col) => col.notNull())
        .addColumn("readAt", timestampType(dialect))
        .execute();
      // The list, newest first, pages by (createdAt, id); the unread count by the partial index.
      await db.schema
        .createIndex("notifications_user_created")
        .on("notifications")
        .columns(["userId", "createdAt", "id"])
        .execute();
      await db.schema
        .createIndex("notifications_user_unread")
        .on("notifications")
        .column("userId")
        .where(sql.ref("readAt"), "is", null)
        .execute();
      await db.schema
        .createTable("userPreferences")
        .addColumn("userId", "text", (col) =>
          col.primaryKey().references("users.id").onDelete("cascade"),
        )
        .addColumn("emailNotifications", "integer", (col) => col.notNull().defaultTo(1))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("userPreferences").execute();
      await db.schema.dropTable("notifications").execute();
    },
  };
}
