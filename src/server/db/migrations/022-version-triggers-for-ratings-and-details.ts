import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import {
  createVersionTriggers,
  dropVersionTriggers,
  type RowImage,
  type VersionKeys,
} from "./version-triggers";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

const col = (row: RowImage, column: string) => sql.ref(`${row}.${column}`);

/**
 * Two tables that arrived beside the data versions (migration 014) and that
 * cached reads read: a seller's rating (migration 019) is on every card and
 * page of their bikes, and the model-year and mileage histograms (migration
 * 018) are part of every fair-price badge of a category. Their writes move
 * the same keys a change of the seller's row or of the price statistics does.
 */
export const RATING_AND_DETAIL_VERSIONED_TABLES: VersionKeys[] = [
  {
    table: "sellerRatings",
    name: "seller_ratings",
    keys: (row) => sql`
      select 'bike:' || id as "key" from bikes where "sellerId" = ${col(row, "sellerId")}
      union all select 'category:' || "categoryId" from bikes where "sellerId" = ${col(row, "sellerId")}`,
  },
  {
    table: "detailPriceStats",
    name: "detail_price_stats",
    keys: (row) => sql`select 'prices:' || ${col(row, "categoryId")} as "key"`,
  },
];

export function ratingAndDetailVersionsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      for (const spec of RATING_AND_DETAIL_VERSIONED_TABLES)
        await createVersionTriggers(db, dialect, spec, "at write");
    },
    async down(db: AnyDb) {
      for (const spec of RATING_AND_DETAIL_VERSIONED_TABLES)
        await dropVersionTriggers(db, dialect, spec);
    },
  };
}
