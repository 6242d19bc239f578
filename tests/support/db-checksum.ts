import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { AppDb } from "#src/server/db/database";

/**
 * Every table that holds the marketplace's data, and the columns that order
 * its rows. Not the rate-limit counters (a refused attempt is meant to count)
 * nor Kysely's migration bookkeeping.
 */
const TABLES: Record<string, string[]> = {
  users: ["id"],
  accounts: ["id"],
  sessions: ["id"],
  verifications: ["id"],
  categories: ["id"],
  bikes: ["id"],
  bikePhotos: ["bikeId", "position"],
  uploads: ["id"],
  bookings: ["id"],
  wishlist: ["userId", "bikeId"],
  priceStats: ["categoryId", "yearsOfUse", "percent"],
  categoryCounts: ["categoryId"],
};

export interface DataSummary {
  /** sha-256 over every row of every table above. */
  checksum: string;
  rows: Record<string, number>;
}

/** A fingerprint of all the data: equal before and after means nothing changed. */
export async function summarizeData(db: AppDb): Promise<DataSummary> {
  // In parallel: one round trip's wait on PostgreSQL instead of eleven.
  const tables = await Promise.all(
    Object.entries(TABLES).map(async ([table, order]) => {
      const orderBy = sql.join(order.map((column) => sql.ref(column)));
      const result = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} order by ${orderBy}`.execute(db);
      return [table, result.rows] as const;
    }),
  );
  const hash = createHash("sha256");
  const rows: Record<string, number> = {};
  for (const [table, tableRows] of tables) {
    rows[table] = tableRows.length;
    hash.update(table);
    for (const row of tableRows) hash.update(JSON.stringify(row));
  }
  return { checksum: hash.digest("hex"), rows };
}
