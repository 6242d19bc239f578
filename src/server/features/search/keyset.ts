import { type SqlBool, sql } from "kysely";
import type { BikeSort } from "#src/shared/schemas/search";
import { toIso } from "../../db/database";
import type { Cursor } from "./cursor";

// Keyset pagination: a page starts after the last row of the one before, in
// the sort's order, so no page costs more than the first.

export interface PageRequest {
  sort: BikeSort;
  cursor: Cursor | null;
  limit: number;
}

/** The columns every sort is keyed by: its key and the id that breaks ties. */
export const KEYS = [
  "bikes.id",
  "bikes.postedAt",
  "bikes.resalePrice",
  "bikes.mileageKm",
  "bikes.modelYear",
] as const;
export type Keyed = {
  id: string;
  postedAt: Date | string;
  resalePrice: number;
  mileageKm: number | null;
  modelYear: number | null;
};

/**
 * Listings made before the details have none: they sort last in both detail
 * sorts, as if their mileage were past the highest and their year before the
 * first. The keys are these expressions, never null, so a cursor always holds
 * a number and a page boundary among the nulls is as exact as any other.
 * Migration 018 indexes the same expressions, with the constants written out
 * (a bound parameter would not match an index expression).
 */
export const MILEAGE_UNKNOWN = 500_001;
export const YEAR_UNKNOWN = 0;
const mileageKey = (table: string) =>
  sql`coalesce(${sql.ref(`${table}.mileageKm`)}, ${sql.lit(MILEAGE_UNKNOWN)})`;
const yearKey = (table: string) =>
  sql`coalesce(${sql.ref(`${table}.modelYear`)}, ${sql.lit(YEAR_UNKNOWN)})`;

/**
 * Keyset pagination in the sort's order: where to start (after the cursor)
 * and how to order, for a query whose rows are bikes under `table`.
 */
export function keyset(table: string, page: PageRequest) {
  const { sort, cursor } = page;
  const id = sql.ref(`${table}.id`);
  if (sort === "newest") {
    const at = sql.ref(`${table}.postedAt`);
    return {
      after:
        cursor?.sort === "newest"
          ? sql<SqlBool>`(${at}, ${id}) < (${cursor.at}, ${cursor.id})`
          : null,
      order: sql`${at} desc, ${id} desc`,
    };
  }
  if (sort === "mileage_asc" || sort === "year_desc") {
    const ascending = sort === "mileage_asc";
    const key = ascending ? mileageKey(table) : yearKey(table);
    // The bound on the key alone says the same as the row comparison, but
    // SQLite seeks an expression index only by a plain comparison: without
    // it a deep page would read every entry before the cursor.
    const after =
      cursor && (cursor.sort === "mileage_asc" || cursor.sort === "year_desc")
        ? ascending
          ? sql<SqlBool>`(${key} >= ${cursor.value} and (${key}, ${id}) > (${cursor.value}, ${cursor.id}))`
          : sql<SqlBool>`(${key} <= ${cursor.value} and (${key}, ${id}) < (${cursor.value}, ${cursor.id}))`
        : null;
    return {
      after,
      order: ascending ? sql`${key} asc, ${id} asc` : sql`${key} desc, ${id} desc`,
    };
  }
  const price = sql.ref(`${table}.resalePrice`);
  const ascending = sort === "price_asc";
  const after =
    cursor && (cursor.sort === "price_asc" || cursor.sort === "price_desc")
      ? sql<SqlBool>`(${price}, ${id}) ${ascending ? sql`>` : sql`<`} (${cursor.price}, ${cursor.id})`
      : null;
  return {
    after,
    order: ascending ? sql`${price} asc, ${id} asc` : sql`${price} desc, ${id} desc`,
  };
}

export const ALWAYS = sql<SqlBool>`1 = 1`;

export function cursorAfter(row: Keyed, sort: BikeSort): Cursor {
  if (sort === "newest") return { sort, at: toIso(row.postedAt), id: row.id };
  if (sort === "mileage_asc") return { sort, value: row.mileageKm ?? MILEAGE_UNKNOWN, id: row.id };
  if (sort === "year_desc") return { sort, value: row.modelYear ?? YEAR_UNKNOWN, id: row.id };
  return { sort, price: row.resalePrice, id: row.id };
}
