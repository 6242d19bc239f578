import { sql } from "kysely";
import type { AppDb, Dialect } from "../db/database";

/**
 * Holds the account still until the transaction ends: another transaction
 * acting for the same account (a booking by it, its deletion) waits for this
 * one. False when there is no such account (any more).
 *
 * PostgreSQL: the account's row lock, taken by writing the row unchanged (its
 * version triggers see an unchanged row and move nothing). SQLite: every
 * transaction this app opens already holds the database's one write lock
 * from `begin` (db/database.ts), so no other write can come between; the row
 * is only read. Writing it there would be a real update to SQLite's triggers,
 * which can't compare whole rows, and would evict the account's cached
 * session and own pages on every booking (docs/decisions/0021).
 */
export async function lockAccount(trx: AppDb, dialect: Dialect, userId: string): Promise<boolean> {
  if (dialect === "sqlite") {
    const row = await trx
      .selectFrom("users")
      .select("id")
      .where("id", "=", userId)
      .executeTakeFirst();
    return row !== undefined;
  }
  const locked = await trx
    .updateTable("users")
    .set({ updatedAt: sql<string>`${sql.ref("updatedAt")}` })
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}
