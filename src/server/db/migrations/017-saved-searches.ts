import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Saved searches and the bikes waiting to be matched against them
 * (features/search/saved-search-*.ts, docs/decisions/0020-saved-search-matches.md).
 *
 * `savedSearches.query` is the search's filters as JSON; `categoryId`,
 * `minPrice` and `maxPrice` repeat three of them as columns so that matching a
 * bike reads only the searches that could match it. `lastEmailedAt` (epoch
 * milliseconds) keeps a search to one mail a day.
 *
 * `bikeAvailability` is written by the database itself: a row whenever a bike
 * is listed available or becomes available again (a booking declined,
 * cancelled or expired), whatever code path did it. The matcher claims a row
 * by moving `claimedUntil` (epoch milliseconds) past a lease, as the mail
 * outbox does, and deletes it in the transaction that stores the notifications.
 */
export function savedSearchesMigration(dialect: Dialect) {
  const epochMs = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("savedSearches")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("userId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("name", "text")
        .addColumn("query", "text", (col) => col.notNull())
        .addColumn("categoryId", "text")
        .addColumn("minPrice", "integer")
        .addColumn("maxPrice", "integer")
        .addColumn("createdAt", timestampType(dialect), (col) => col.notNull())
        .addColumn("matchCount", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("lastMatchedAt", timestampType(dialect))
        .addColumn("lastEmailedAt", epochMs)
        .execute();
      await db.schema
        .createIndex("savedSearches_user_created")
        .on("savedSearches")
        .columns(["userId", "createdAt"])
        .execute();
      await db.schema
        .createIndex("savedSearches_category")
        .on("savedSearches")
        .column("categoryId")
        .execute();

      await db.schema
        .createTable("bikeAvailability")
        .addColumn("id", dialect === "postgres" ? "bigserial" : "integer", (col) =>
          col.primaryKey(),
        )
        .addColumn("bikeId", "text", (col) => col.notNull())
        .addColumn("claimedUntil", epochMs, (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex("bikeAvailability_claimedUntil")
        .on("bikeAvailability")
        .columns(["claimedUntil", "id"])
        .execute();

      if (dialect === "postgres") {
        await sql`create function bike_availability_record() returns trigger language plpgsql as $$
          begin
            insert into "bikeAvailability" ("bikeId") values (new.id);
            return null;
          end $$`.execute(db);
        await sql`create trigger bike_availability_insert after insert on bikes
          for each row when (new.status = 'available')
          execute function bike_availability_record()`.execute(db);
        await sql`create trigger bike_availability_update after update of status on bikes
          for each row when (new.status = 'available' and old.status is distinct from 'available')
          execute function bike_availability_record()`.execute(db);
      } else {
        await sql`create trigger bike_availability_insert after insert on bikes
          when new.status = 'available' begin
          insert into "bikeAvailability" ("bikeId") values (new.id); end`.execute(db);
        await sql`create trigger bike_availability_update after update of status on bikes
          when new.status = 'available' and old.status is not 'available' begin
          insert into "bikeAvailability" ("bikeId") values (new.id); end`.execute(db);
      }
    },
    async down(db: AnyDb) {
      await sql`drop trigger if exists bike_availability_insert${dialect === "postgres" ? sql` on bikes` : sql``}`.execute(
        db,
      );
      await sql`drop trigger if exists bike_availability_update${dialect === "postgres" ? sql` on bikes` : sql``}`.execute(
        db,
      );
      if (dialect === "postgres") {
        await sql`drop function if exists bike_availability_record()`.execute(db);
      }
      await db.schema.dropTable("bikeAvailability").execute();
      await db.schema.dropTable("savedSearches").execute();
    },
  };
}
