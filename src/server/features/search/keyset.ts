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
export const KEYS = ["bikes.id", "bikes.postedAt", "bikes.resalePrice"] as const;
export type Keyed = { id: string; postedAt: Date | string; resalePrice: number };

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
  const price = sql.ref(`${table}.resalePrice`);
  const ascending = sort === "price_asc";
  const after =
    cursor && cursor.sort !== "newest"
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
  return { sort, price: row.resalePrice, id: row.id };
}
