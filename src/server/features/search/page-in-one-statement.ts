import { sql } from "kysely";
import type { BikeSort } from "#src/shared/schemas/search";
import { type BikeRow, selectBikes } from "../../catalog/bike-reads";
import { compiledOnce } from "../../db/compiled-once";
import type { AppDb, Dialect } from "../../db/database";
import { type BikeFilters, fieldFilter } from "./bike-filters";
import type { Cursor } from "./cursor";
import { ALWAYS, keyset, type PageRequest } from "./keyset";

/**
 * A page without words or a listing-details search (a category page, a search
 * by brand or price), read in one statement: the page's ids are found as
 * before, from `bikes` alone in the sort's index order (a subquery with its
 * own limit, which neither database merges into the joins around it), and
 * the read model of those ids around them. It was two statements, ids then
 * bikes: on PostgreSQL two round trips for every page read after a write
 * (docs/decisions/0021-fast-uncached-reads-and-writes-passes.md, twenty-first pass).
 *
 * Built once per database, sort and shape of the filters (db/compiled-once.ts):
 * the values below are bound, never written into the SQL.
 */
export async function readPlainPage(
  db: AppDb,
  dialect: Dialect,
  viewerId: string | null,
  filters: BikeFilters,
  page: PageRequest,
): Promise<BikeRow[]> {
  const { cursor } = page;
  const values: PlainPageValues = {
    viewerId,
    cursorId: cursor?.id,
    cursorKey: cursor ? cursorKey(cursor) : undefined,
    availableOnly: filters.availableOnly,
    categoryId: filters.categoryId,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    maxYearsOfUse: filters.maxYearsOfUse,
    verifiedOnly: filters.verifiedOnly,
    minYear: filters.minYear,
    maxMileageKm: filters.maxMileageKm,
    minEngineCc: filters.minEngineCc,
    maxEngineCc: filters.maxEngineCc,
    condition: filters.condition,
  };
  return (await statementFor(dialect, page.sort, page.limit + 1)(db, values)).rows;
}

/** Everything the statement binds. A filter left out is `undefined` (the statement is built without it). */
type PlainPageValues = {
  viewerId: string | null;
  cursorId: string | undefined;
  cursorKey: string | number | undefined;
} & { [Key in Exclude<keyof BikeFilters, "q" | "location">]: BikeFilters[Key] };

/** The cursor's sort key: a time for "newest", a price or a detail's value otherwise. */
function cursorKey(cursor: Cursor): string | number {
  if (cursor.sort === "newest") return cursor.at;
  return "price" in cursor ? cursor.price : cursor.value;
}

function cursorOf(sort: BikeSort, id: string, key: string | number): Cursor {
  if (sort === "newest") return { sort, at: key as string, id };
  if (sort === "price_asc" || sort === "price_desc") return { sort, price: key as number, id };
  return { sort, value: key as number, id };
}

const statements = new Map<string, ReturnType<typeof buildStatement>>();

/**
 * The statement for a database, a sort and a number of rows: the page's size
 * and one more, which tells whether a next page exists. The number is written
 * into the SQL, not bound: PostgreSQL plans a prepared statement with a bound
 * limit for a tenth of the table, finds that plan dearer than one made for
 * the values, and so plans it again at every call, which cost more than the
 * round trip saved (a page holds at most PAGE_SIZE_MAX bikes: a few hundred
 * statements at most).
 */
function statementFor(dialect: Dialect, sort: BikeSort, rows: number) {
  const name = `plainPage:${dialect}:${sort}:${rows}`;
  let statement = statements.get(name);
  if (!statement) {
    statement = buildStatement(name, dialect, sort, rows);
    statements.set(name, statement);
  }
  return statement;
}

function buildStatement(name: string, dialect: Dialect, sort: BikeSort, rows: number) {
  return compiledOnce(name, (db, values: PlainPageValues) => {
    const { viewerId, cursorId, cursorKey, ...filters } = values;
    const cursor =
      cursorId !== undefined && cursorKey !== undefined
        ? cursorOf(sort, cursorId, cursorKey)
        : null;
    const { after, order } = keyset("bikes", { sort, cursor, limit: rows });
    const ids = db
      .selectFrom("bikes")
      .select("bikes.id")
      .where(fieldFilter(dialect, filters))
      .where(after ?? ALWAYS)
      .orderBy(order)
      .limit(sql.lit(rows));
    return selectBikes(db, viewerId).where("bikes.id", "in", ids).orderBy(order);
  });
}
