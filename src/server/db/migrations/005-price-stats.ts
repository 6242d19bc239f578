import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * The fair-price hint's comparables (docs/fair-price.md), kept by the
 * database: for each category and years of use, how many listings ask each
 * whole percent of their original price. A few thousand rows however many
 * bikes there are, so a page reads the figures it needs in a millisecond,
 * where grouping a million bikes on demand takes seconds. Triggers keep it
 * exact on every write, from every process, whatever the write path.
 */
export function priceStatsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("priceStats")
        .addColumn("categoryId", "text", (col) => col.notNull())
        .addColumn("yearsOfUse", "integer", (col) => col.notNull())
        .addColumn("percent", "integer", (col) => col.notNull())
        .addColumn("listings", "integer", (col) => col.notNull())
        .addPrimaryKeyConstraint("priceStats_pk", ["categoryId", "yearsOfUse", "percent"])
        .execute();
      await sql`insert into "priceStats" ("categoryId", "yearsOfUse", "percent", "listings")
        select "categoryId", "yearsOfUse", ${percentOf("bikes")}, count(*) from bikes
        where ${counts("bikes")}
        group by "categoryId", "yearsOfUse", ${percentOf("bikes")}`.execute(db);
      if (dialect === "postgres") await createPostgresTriggers(db);
      else await createSqliteTriggers(db);
    },
    async down(db: AnyDb) {
      if (dialect === "postgres") {
        await sql`drop trigger if exists price_stats on bikes`.execute(db);
        await sql`drop function if exists price_stats_follow_bikes()`.execute(db);
      } else {
        for (const name of ["price_stats_insert", "price_stats_delete", "price_stats_update"]) {
          await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
        }
      }
      await db.schema.dropTable("priceStats").execute();
    },
  };
}

// Rounded alike on both databases: 100.0 makes it a decimal division, round
// goes half away from zero on both, and lib/fair-price-stats.ts matches it.
const percentOf = (row: string) =>
  sql`cast(round(100.0 * ${sql.ref(`${row}.resalePrice`)} / ${sql.ref(`${row}.originalPrice`)}) as integer)`;
const counts = (row: string) =>
  sql`${sql.ref(`${row}.originalPrice`)} > 0 and ${sql.ref(`${row}.resalePrice`)} > 0`;
const key = (row: string) =>
  sql`"categoryId" = ${sql.ref(`${row}.categoryId`)} and "yearsOfUse" = ${sql.ref(`${row}.yearsOfUse`)} and "percent" = ${percentOf(row)}`;
const add = (
  row: string,
) => sql`insert into "priceStats" ("categoryId", "yearsOfUse", "percent", "listings")
    select ${sql.ref(`${row}.categoryId`)}, ${sql.ref(`${row}.yearsOfUse`)}, ${percentOf(row)}, 1 where ${counts(row)}
    on conflict ("categoryId", "yearsOfUse", "percent") do update set "listings" = "priceStats"."listings" + 1`;
const remove = (row: string) =>
  sql`update "priceStats" set "listings" = "listings" - 1 where ${counts(row)} and ${key(row)}`;
const priced = sql`"categoryId", "yearsOfUse", "resalePrice", "originalPrice"`;

async function createSqliteTriggers(db: AnyDb) {
  await sql`create trigger price_stats_insert after insert on bikes begin ${add("new")}; end`.execute(
    db,
  );
  await sql`create trigger price_stats_delete after delete on bikes begin ${remove("old")}; end`.execute(
    db,
  );
  await sql`create trigger price_stats_update after update of ${priced} on bikes begin
    ${remove("old")}; ${add("new")}; end`.execute(db);
}

async function createPostgresTriggers(db: AnyDb) {
  // On an update the two rows are touched in key order, so two edits moving
  // bikes between the same two buckets in opposite directions can't deadlock.
  await sql`create function price_stats_follow_bikes() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${add("new")};
      elsif tg_op = 'DELETE' then ${remove("old")};
      elsif (old."categoryId", old."yearsOfUse", ${percentOf("old")})
          < (new."categoryId", new."yearsOfUse", ${percentOf("new")}) then
        ${remove("old")}; ${add("new")};
      else
        ${add("new")}; ${remove("old")};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger price_stats after insert or delete or update of ${priced} on bikes
    for each row execute function price_stats_follow_bikes()`.execute(db);
}
