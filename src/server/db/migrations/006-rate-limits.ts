import type { Kysely } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Abuse-limit counters shared by every app process (rate-limits/database-store.ts,
 * docs/decisions/0006-rate-limits.md). Keys are hashes, never addresses or
 * e-mails; `resetAt` is epoch milliseconds, hence bigint on PostgreSQL.
 */
export function rateLimitsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("rateLimits")
        .addColumn("key", "text", (col) => col.primaryKey())
        .addColumn("hits", "integer", (col) => col.notNull())
        .addColumn("resetAt", dialect === "postgres" ? "bigint" : "integer", (col) => col.notNull())
        .execute();
      // The sweep deletes closed windows by time.
      await db.schema
        .createIndex("rateLimits_resetAt")
        .on("rateLimits")
        .column("resetAt")
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("rateLimits").execute();
    },
  };
}
