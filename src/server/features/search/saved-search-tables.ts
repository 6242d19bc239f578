import type { ColumnType, Generated, Kysely } from "kysely";
import type { Tables } from "../../db/tables";

/** migrations/017-saved-searches.ts */
export interface SavedSearchesTable {
  id: string;
  userId: string;
  name: string | null;
  /** The filters as JSON (SavedQuery). */
  query: string;
  categoryId: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  createdAt: Date | string;
  matchCount: number;
  lastMatchedAt: Date | string | null;
  /** Epoch milliseconds; a bigint comes back from PostgreSQL as a string. */
  lastEmailedAt: number | string | null;
}

/** A bike listed available or made available again, written by triggers on `bikes`. */
export interface BikeAvailabilityTable {
  id: Generated<number | string>;
  bikeId: string;
  /** Epoch milliseconds; 0 until a matcher claims the row. */
  claimedUntil: ColumnType<number | string, number | undefined, number>;
}

export type SavedSearchTables = Tables & {
  savedSearches: SavedSearchesTable;
  bikeAvailability: BikeAvailabilityTable;
};

export const withSavedSearchTables = (db: Kysely<Tables>): Kysely<SavedSearchTables> =>
  db.withTables<{ savedSearches: SavedSearchesTable; bikeAvailability: BikeAvailabilityTable }>();
