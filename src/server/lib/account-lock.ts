import { sql } from "kysely";
import type { AppDb } from "../db/database";

/**
 * Takes the account's row lock until the transaction ends, by writing the
 * row unchanged. On PostgreSQL this queues transactions that act for the same
 * account (bookings by it, its deletion); SQLite runs one write transaction
 * at a time anyway. False when there is no such account (any more).
 */
export async function lockAccount(trx: AppDb, userId: string): Promise<boolean> {
  const locked = await trx
    .updateTable("users")
    .set({ updatedAt: sql<string>`${sql.ref("updatedAt")}` })
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}
