import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Dialect } from "../database";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;
type Row = "new" | "old" | "bikes";

/**
 * The fair-price histograms (005 priceStats, 018 detailPriceStats) count only
 * listings people can see: a listing an admin hid (020) is gone from every
 * list, search and count, and its price must not move other sellers' fair-price
 * badges either. Their triggers are replaced by ones that also watch `hidden`,
 * and both tables are counted again from the bikes as they are.
 */
interface Histogram {
  table: string;
  /** PostgreSQL's trigger and function, SQLite's three triggers: named as 005 and 018 named them. */
  trigger: string;
  /** The histogram's key columns and how a bike's row gives each. */
  keys: Array<[column: string, value: (row: Row) => RawBuilder<unknown>]>;
  /** When a bike counts at all, beside being shown. */
  counted: (row: Row) => RawBuilder<unknown>;
  /** The bike columns whose change can move it between buckets. */
  watched: string[];
}

const ref = (row: Row, column: string) => sql.ref(`${row}.${column}`);
const percentOf = (row: Row) =>
  sql`cast(round(100.0 * ${ref(row, "resalePrice")} / ${ref(row, "originalPrice")}) as integer)`;
const priced = (row: Row) =>
  sql`${ref(row, "originalPrice")} > 0 and ${ref(row, "resalePrice")} > 0`;

const histograms: Histogram[] = [
  {
    table: "priceStats",
    trigger: "price_stats",
    keys: [
      ["categoryId", (row) => sql`${ref(row, "categoryId")}`],
      ["yearsOfUse", (row) => sql`${ref(row, "yearsOfUse")}`],
      ["percent", percentOf],
    ],
    counted: priced,
    watched: ["categoryId", "yearsOfUse", "resalePrice", "originalPrice"],
  },
  {
    table: "detailPriceStats",
    trigger: "detail_price_stats",
    keys: [
      ["categoryId", (row) => sql`${ref(row, "categoryId")}`],
      ["modelYear", (row) => sql`${ref(row, "modelYear")}`],
      ["mileageBand", (row) => sql`${ref(row, "mileageKm")} / 10000`],
      ["percent", percentOf],
    ],
    counted: (row) =>
      sql`${priced(row)} and ${ref(row, "modelYear")} is not null and ${ref(row, "mileageKm")} is not null`,
    watched: ["categoryId", "modelYear", "mileageKm", "resalePrice", "originalPrice"],
  },
];

export function priceStatsCountShownBikesMigration(dialect: Dialect) {
  const replace = async (db: AnyDb, shownOnly: boolean) => {
    for (const histogram of histograms) {
      const shape = { ...histogram, shownOnly };
      if (dialect === "postgres") await replacePostgresTrigger(db, shape);
      else await replaceSqliteTriggers(db, shape);
      await recount(db, shape);
    }
  };
  return {
    up: (db: AnyDb) => replace(db, true),
    down: (db: AnyDb) => replace(db, false),
  };
}

type Shape = Histogram & { shownOnly: boolean };

const counts = (shape: Shape, row: Row) =>
  shape.shownOnly ? sql`${shape.counted(row)} and ${ref(row, "hidden")} = 0` : shape.counted(row);
const columns = (shape: Shape) => sql.join(shape.keys.map(([column]) => sql.ref(column)));
const values = (shape: Shape, row: Row) => sql.join(shape.keys.map(([, value]) => value(row)));
const key = (shape: Shape, row: Row) =>
  sql.join(
    shape.keys.map(([column, value]) => sql`${sql.ref(column)} = ${value(row)}`),
    sql` and `,
  );
const add = (shape: Shape, row: Row) => sql`insert into ${sql.table(shape.table)}
    (${columns(shape)}, "listings")
    select ${values(shape, row)}, 1 where ${counts(shape, row)}
    on conflict (${columns(shape)})
    do update set "listings" = ${sql.ref(`${shape.table}.listings`)} + 1`;
const remove = (shape: Shape, row: Row) =>
  sql`update ${sql.table(shape.table)} set "listings" = "listings" - 1
    where ${counts(shape, row)} and ${key(shape, row)}`;
const watched = (shape: Shape) =>
  sql.join([...shape.watched, ...(shape.shownOnly ? ["hidden"] : [])].map((c) => sql.ref(c)));

async function replacePostgresTrigger(db: AnyDb, shape: Shape) {
  const trigger = sql.id(shape.trigger);
  const follow = sql.id(`${shape.trigger}_follow_bikes`);
  // Rows touched in key order on an update, as in 005, so two edits can't deadlock.
  await sql`create or replace function ${follow}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${add(shape, "new")};
      elsif tg_op = 'DELETE' then ${remove(shape, "old")};
      elsif (${values(shape, "old")}) < (${values(shape, "new")}) then
        ${remove(shape, "old")}; ${add(shape, "new")};
      else
        ${add(shape, "new")}; ${remove(shape, "old")};
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists ${trigger} on bikes`.execute(db);
  await sql`create trigger ${trigger} after insert or delete or update of ${watched(shape)}
    on bikes for each row execute function ${follow}()`.execute(db);
}

async function replaceSqliteTriggers(db: AnyDb, shape: Shape) {
  const name = (event: string) => sql.id(`${shape.trigger}_${event}`);
  for (const event of ["insert", "delete", "update"]) {
    await sql`drop trigger if exists ${name(event)}`.execute(db);
  }
  await sql`create trigger ${name("insert")} after insert on bikes
    begin ${add(shape, "new")}; end`.execute(db);
  await sql`create trigger ${name("delete")} after delete on bikes
    begin ${remove(shape, "old")}; end`.execute(db);
  await sql`create trigger ${name("update")} after update of ${watched(shape)} on bikes
    begin ${remove(shape, "old")}; ${add(shape, "new")}; end`.execute(db);
}

async function recount(db: AnyDb, shape: Shape) {
  await sql`delete from ${sql.table(shape.table)}`.execute(db);
  await sql`insert into ${sql.table(shape.table)} (${columns(shape)}, "listings")
    select ${values(shape, "bikes")}, count(*) from bikes where ${counts(shape, "bikes")}
    group by ${values(shape, "bikes")}`.execute(db);
}
