import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Listing details buyers filter on (PRODUCT.md §8): mileage, model year,
 * engine size, condition and papers. Nullable: listings made before this
 * migration have none of them, and the app shows "not given".
 *
 * The two new sorts read an index ending in (sort key, id), as the others do
 * (003-search). Their key is an expression with no nulls, so a listing
 * without the detail sorts last on both databases (SQLite puts nulls first
 * in an ascending index, PostgreSQL last) and a keyset cursor always holds a
 * number. The queries spell the same expressions (search/keyset.ts), which is
 * what lets both planners use these indexes.
 * (docs/decisions/0017-listing-details-at-scale.md)
 */
export function listingDetailsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable("bikes")
        .addColumn("mileageKm", "integer", (col) =>
          col.check(sql`"mileageKm" between 0 and 500000`),
        )
        .execute();
      await db.schema
        .alterTable("bikes")
        .addColumn("modelYear", "integer", (col) =>
          col.check(sql`"modelYear" between 1950 and 2200`),
        )
        .execute();
      await db.schema
        .alterTable("bikes")
        .addColumn("engineCc", "integer", (col) => col.check(sql`"engineCc" between 50 and 2500`))
        .execute();
      await db.schema
        .alterTable("bikes")
        .addColumn("condition", "text", (col) =>
          col.check(sql`"condition" in ('excellent', 'good', 'fair', 'needs_work')`),
        )
        .execute();
      await db.schema
        .alterTable("bikes")
        .addColumn("papersUpToDate", "integer", (col) => col.check(sql`"papersUpToDate" in (0, 1)`))
        .execute();
      for (const [name, columns] of LISTING_DETAIL_INDEXES) {
        await sql`create index ${sql.id(name)} on bikes (${sql.raw(columns)})`.execute(db);
      }
      await createDetailPriceStats(db, dialect);
    },
    async down(db: AnyDb) {
      await dropDetailPriceStats(db, dialect);
      for (const [name] of LISTING_DETAIL_INDEXES) {
        await sql`drop index if exists ${sql.id(name)}`.execute(db);
      }
      for (const column of ["papersUpToDate", "condition", "engineCc", "modelYear", "mileageKm"]) {
        await db.schema.alterTable("bikes").dropColumn(column).execute();
      }
    },
  };
}

/** The sort keys, spelled exactly as search/keyset.ts spells them. */
export const MILEAGE_KEY = `(coalesce("mileageKm", 500001))`;
export const YEAR_KEY = `(coalesce("modelYear", 0))`;

const LISTING_DETAIL_INDEXES: Array<[string, string]> = [
  // The search: available bikes (status first).
  ["bikes_status_mileage", `status, ${MILEAGE_KEY}, id`],
  ["bikes_status_year", `status, ${YEAR_KEY}, id`],
  // A brand's page: every status.
  ["bikes_category_mileage", `"categoryId", ${MILEAGE_KEY}, id`],
  ["bikes_category_year", `"categoryId", ${YEAR_KEY}, id`],
];

// The fair-price hint's finer comparables (docs/fair-price.md): as
// priceStats (005-price-stats), but keyed by model year and a 10,000 km
// mileage band instead of years of use, for listings that give both.
// A few tens of thousands of rows at most, kept exact by triggers.

const percentOf = (row: string) =>
  sql`cast(round(100.0 * ${sql.ref(`${row}.resalePrice`)} / ${sql.ref(`${row}.originalPrice`)}) as integer)`;
const bandOf = (row: string) => sql`${sql.ref(`${row}.mileageKm`)} / 10000`;
const counts = (row: string) =>
  sql`${sql.ref(`${row}.originalPrice`)} > 0 and ${sql.ref(`${row}.resalePrice`)} > 0
    and ${sql.ref(`${row}.modelYear`)} is not null and ${sql.ref(`${row}.mileageKm`)} is not null`;
const key = (row: string) =>
  sql`"categoryId" = ${sql.ref(`${row}.categoryId`)} and "modelYear" = ${sql.ref(`${row}.modelYear`)}
    and "mileageBand" = ${bandOf(row)} and "percent" = ${percentOf(row)}`;
const add = (row: string) => sql`insert into "detailPriceStats"
    ("categoryId", "modelYear", "mileageBand", "percent", "listings")
    select ${sql.ref(`${row}.categoryId`)}, ${sql.ref(`${row}.modelYear`)}, ${bandOf(row)}, ${percentOf(row)}, 1
    where ${counts(row)}
    on conflict ("categoryId", "modelYear", "mileageBand", "percent")
    do update set "listings" = "detailPriceStats"."listings" + 1`;
const remove = (row: string) =>
  sql`update "detailPriceStats" set "listings" = "listings" - 1 where ${counts(row)} and ${key(row)}`;
const priced = sql`"categoryId", "modelYear", "mileageKm", "resalePrice", "originalPrice"`;

async function createDetailPriceStats(db: AnyDb, dialect: Dialect) {
  await db.schema
    .createTable("detailPriceStats")
    .addColumn("categoryId", "text", (col) => col.notNull())
    .addColumn("modelYear", "integer", (col) => col.notNull())
    .addColumn("mileageBand", "integer", (col) => col.notNull())
    .addColumn("percent", "integer", (col) => col.notNull())
    .addColumn("listings", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("detailPriceStats_pk", [
      "categoryId",
      "modelYear",
      "mileageBand",
      "percent",
    ])
    .execute();
  if (dialect === "postgres") {
    // Rows touched in key order on an update, as in 005, so two edits can't deadlock.
    await sql`create function detail_price_stats_follow_bikes() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${add("new")};
        elsif tg_op = 'DELETE' then ${remove("old")};
        elsif (old."categoryId", old."modelYear", ${bandOf("old")}, ${percentOf("old")})
            < (new."categoryId", new."modelYear", ${bandOf("new")}, ${percentOf("new")}) then
          ${remove("old")}; ${add("new")};
        else
          ${add("new")}; ${remove("old")};
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger detail_price_stats after insert or delete or update of ${priced} on bikes
      for each row execute function detail_price_stats_follow_bikes()`.execute(db);
    return;
  }
  await sql`create trigger detail_price_stats_insert after insert on bikes begin ${add("new")}; end`.execute(
    db,
  );
  await sql`create trigger detail_price_stats_delete after delete on bikes begin ${remove("old")}; end`.execute(
    db,
  );
  await sql`create trigger detail_price_stats_update after update of ${priced} on bikes begin
    ${remove("old")}; ${add("new")}; end`.execute(db);
}

async function dropDetailPriceStats(db: AnyDb, dialect: Dialect) {
  if (dialect === "postgres") {
    await sql`drop trigger if exists detail_price_stats on bikes`.execute(db);
    await sql`drop function if exists detail_price_stats_follow_bikes()`.execute(db);
  } else {
    for (const name of [
      "detail_price_stats_insert",
      "detail_price_stats_delete",
      "detail_price_stats_update",
    ]) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
  }
  await db.schema.dropTable("detailPriceStats").execute();
}
