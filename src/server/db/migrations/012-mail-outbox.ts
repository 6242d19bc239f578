import type { Kysely } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Mail waiting to be sent (mail/, docs/decisions/0015-mail-outbox.md).
 * A row is written with whatever caused the mail and removed once the SMTP
 * server took it. `nextAttemptAt` (epoch milliseconds) is both the backoff
 * and the claim: a process sending a mail moves it past the attempt's lease,
 * so no other process takes it meanwhile, and takes it again if the sender died.
 */
export function mailOutboxMigration(dialect: Dialect) {
  const epochMs = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("mailOutbox")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("recipient", "text", (col) => col.notNull())
        .addColumn("subject", "text", (col) => col.notNull())
        .addColumn("text", "text", (col) => col.notNull())
        .addColumn("html", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("nextAttemptAt", epochMs, (col) => col.notNull())
        .addColumn("lastError", "text")
        .addColumn("createdAt", timestampType(dialect), (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("mailOutbox_nextAttemptAt")
        .on("mailOutbox")
        .column("nextAttemptAt")
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("mailOutbox").execute();
    },
  };
}
