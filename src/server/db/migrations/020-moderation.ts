import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Reports and moderation (PRODUCT.md §8, features/reports, admin-log/):
 * - `bikes.hidden`: an admin took the listing down; it is gone from every
 *   list, search and page for everyone but its owner (who sees the reason)
 *   and admins. The category counts (migration 007) count only bikes that
 *   are available *and* shown, so their triggers are replaced.
 * - `reports`: one open report per reporter and bike (a partial unique index).
 * - `adminActions`: who did what, when and why; names are copied so the
 *   record outlives the accounts and listings it names.
 */
export function moderationMigration(dialect: Dialect) {
  const timestamp = timestampType(dialect);
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable("bikes")
        .addColumn("hidden", "integer", (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("bikes").addColumn("hiddenReason", "text").execute();
      await db.schema.alterTable("bikes").addColumn("hiddenAt", timestamp).execute();

      await db.schema
        .createTable("reports")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("bikeId", "text", (col) =>
          col.notNull().references("bikes.id").onDelete("cascade"),
        )
        .addColumn("reporterId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("reason", "text", (col) =>
          col
            .notNull()
            .check(sql`reason in ('scam', 'wrong_details', 'already_sold', 'offensive', 'other')`),
        )
        .addColumn("details", "text")
        .addColumn("status", "text", (col) =>
          col.notNull().check(sql`status in ('open', 'closed')`),
        )
        .addColumn("resolution", "text")
        .addColumn("closedBy", "text")
        .addColumn("createdAt", timestamp, (col) => col.notNull())
        .addColumn("closedAt", timestamp)
        .execute();
      await db.schema
        .createIndex("reports_one_open_per_reporter")
        .on("reports")
        .columns(["bikeId", "reporterId"])
        .unique()
        .where(sql.ref("status"), "=", "open")
        .execute();
      await db.schema
        .createIndex("reports_queue")
        .on("reports")
        .columns(["status", "createdAt", "id"])
        .execute();

      await db.schema
        .createTable("adminActions")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("adminId", "text", (col) => col.notNull())
        .addColumn("adminName", "text", (col) => col.notNull())
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("targetType", "text", (col) => col.notNull())
        .addColumn("targetId", "text", (col) => col.notNull())
        .addColumn("targetLabel", "text", (col) => col.notNull())
        .addColumn("reason", "text")
        .addColumn("createdAt", timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex("adminActions_created")
        .on("adminActions")
        .columns(["createdAt", "id"])
        .execute();

      await countShownBikesOnly(db, dialect);
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("adminActions").execute();
      await db.schema.dropTable("reports").execute();
      await db.schema.alterTable("bikes").dropColumn("hiddenAt").execute();
      await db.schema.alterTable("bikes").dropColumn("hiddenReason").execute();
      await db.schema.alterTable("bikes").dropColumn("hidden").execute();
    },
  };
}

const add = (categoryId: ReturnType<typeof sql.ref>) =>
  sql`insert into "categoryCounts" ("categoryId", "available") values (${categoryId}, 1)
    on conflict ("categoryId") do update set "available" = "categoryCounts"."available" + 1`;
const remove = (categoryId: ReturnType<typeof sql.ref>) =>
  sql`update "categoryCounts" set "available" = "available" - 1 where "categoryId" = ${categoryId}`;

/**
 * PostgreSQL's count trigger function: the category a bike was counted in
 * before the write and after it (available and not hidden), and `change`,
 * run when those differ. Written here (020) and, noting the change for
 * commit, by 026.
 */
export function countCategoryChanges(change: RawBuilder<unknown>) {
  return sql`create or replace function category_counts_follow_bikes() returns trigger
    language plpgsql as $$
    declare
      counted_before text;
      counted_after text;
    begin
      if tg_op <> 'INSERT' and old.status = 'available' and old.hidden = 0 then counted_before := old."categoryId"; end if;
      if tg_op <> 'DELETE' and new.status = 'available' and new.hidden = 0 then counted_after := new."categoryId"; end if;
      if counted_before is not distinct from counted_after then return null; end if;
      ${change}
      return null;
    end $$`;
}

/** Migration 007's triggers, with "counted" now meaning available and not hidden (and 026's `down`). */
export async function countShownBikesOnly(db: AnyDb, dialect: Dialect) {
  if (dialect === "postgres") {
    await sql`drop trigger if exists category_counts on bikes`.execute(db);
    const before = sql.ref("counted_before");
    const after = sql.ref("counted_after");
    await countCategoryChanges(sql`
      if counted_after is null then ${remove(before)};
      elsif counted_before is null then ${add(after)};
      elsif counted_before < counted_after then ${remove(before)}; ${add(after)};
      else ${add(after)}; ${remove(before)};
      end if;`).execute(db);
    await sql`create trigger category_counts after insert or delete or update of status, "categoryId", hidden
      on bikes for each row execute function category_counts_follow_bikes()`.execute(db);
  } else {
    for (const name of [
      "category_counts_insert",
      "category_counts_delete",
      "category_counts_update",
    ]) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    const counted = (row: "old" | "new") =>
      sql.raw(`(${row}.status = 'available' and ${row}.hidden = 0)`);
    await sql`create trigger category_counts_insert after insert on bikes
      when ${counted("new")} begin ${add(sql.ref("new.categoryId"))}; end`.execute(db);
    await sql`create trigger category_counts_delete after delete on bikes
      when ${counted("old")} begin ${remove(sql.ref("old.categoryId"))}; end`.execute(db);
    await sql`create trigger category_counts_update after update of status, "categoryId", hidden on bikes
      when (${counted("old")} or ${counted("new")})
        and (${counted("old")} is not ${counted("new")} or old."categoryId" is not new."categoryId") begin
      update "categoryCounts" set "available" = "available" - 1
        where "categoryId" = old."categoryId" and ${counted("old")};
      insert into "categoryCounts" ("categoryId", "available")
        select new."categoryId", 1 where ${counted("new")}
        on conflict ("categoryId") do update set "available" = "categoryCounts"."available" + 1;
    end`.execute(db);
  }
}
