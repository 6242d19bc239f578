import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * How many bikes of each category can still be booked (GET /api/categories),
 * kept by the database as 005 keeps the fair-price figures: one row per
 * category, so the list reads three rows however many bikes there are, where
 * counting them on demand scans every available bike (a quarter of a second
 * at a million). Triggers keep it exact on every write, from every process,
 * whatever the write path: a new listing, an edit that moves a bike to
 * another category, a booking or sale that changes its status, a deleted
 * listing, and the listings a deleted account takes with it.
 * A category with no row has no available bike.
 */
export function categoryCountsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("categoryCounts")
        .addColumn("categoryId", "text", (col) =>
          col.primaryKey().references("categories.id").onDelete("cascade"),
        )
        .addColumn("available", "integer", (col) => col.notNull())
        .execute();
      await sql`insert into "categoryCounts" ("categoryId", "available")
        select "categoryId", count(*) from bikes where status = 'available'
        group by "categoryId"`.execute(db);
      if (dialect === "postgres") await createPostgresTriggers(db);
      else await createSqliteTriggers(db);
    },
    async down(db: AnyDb) {
      if (dialect === "postgres") {
        await sql`drop trigger if exists category_counts on bikes`.execute(db);
        await sql`drop function if exists category_counts_follow_bikes()`.execute(db);
      } else {
        for (const name of [
          "category_counts_insert",
          "category_counts_delete",
          "category_counts_update",
        ]) {
          await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
        }
      }
      await db.schema.dropTable("categoryCounts").execute();
    },
  };
}

const add = (categoryId: ReturnType<typeof sql.ref>) =>
  sql`insert into "categoryCounts" ("categoryId", "available") values (${categoryId}, 1)
    on conflict ("categoryId") do update set "available" = "categoryCounts"."available" + 1`;
const remove = (categoryId: ReturnType<typeof sql.ref>) =>
  sql`update "categoryCounts" set "available" = "available" - 1 where "categoryId" = ${categoryId}`;

async function createSqliteTriggers(db: AnyDb) {
  const oldCategory = sql.ref("old.categoryId");
  const newCategory = sql.ref("new.categoryId");
  await sql`create trigger category_counts_insert after insert on bikes
    when new.status = 'available' begin ${add(newCategory)}; end`.execute(db);
  await sql`create trigger category_counts_delete after delete on bikes
    when old.status = 'available' begin ${remove(oldCategory)}; end`.execute(db);
  // Only when what is counted changes: most updates (a booking's updatedAt,
  // a price) leave both status and category as they were.
  await sql`create trigger category_counts_update after update of status, "categoryId" on bikes
    when (old.status = 'available' or new.status = 'available')
      and (old.status is not new.status or old."categoryId" is not new."categoryId") begin
    update "categoryCounts" set "available" = "available" - 1
      where "categoryId" = old."categoryId" and old.status = 'available';
    insert into "categoryCounts" ("categoryId", "available")
      select new."categoryId", 1 where new.status = 'available'
      on conflict ("categoryId") do update set "available" = "categoryCounts"."available" + 1;
  end`.execute(db);
}

async function createPostgresTriggers(db: AnyDb) {
  // `counted_before` / `counted_after`: the category a row was / is counted
  // in, null when it isn't available. When a bike moves between categories
  // the two rows are touched in key order, so two edits moving bikes between
  // the same two categories in opposite directions can't deadlock.
  const before = sql.ref("counted_before");
  const after = sql.ref("counted_after");
  await sql`create function category_counts_follow_bikes() returns trigger language plpgsql as $$
    declare
      counted_before text;
      counted_after text;
    begin
      if tg_op <> 'INSERT' and old.status = 'available' then counted_before := old."categoryId"; end if;
      if tg_op <> 'DELETE' and new.status = 'available' then counted_after := new."categoryId"; end if;
      if counted_before is not distinct from counted_after then return null; end if;
      if counted_after is null then ${remove(before)};
      elsif counted_before is null then ${add(after)};
      elsif counted_before < counted_after then ${remove(before)}; ${add(after)};
      else ${add(after)}; ${remove(before)};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger category_counts after insert or delete or update of status, "categoryId"
    on bikes for each row execute function category_counts_follow_bikes()`.execute(db);
}
