import { compiledOnce } from "../db/compiled-once";
import type { AppDb, Dialect } from "../db/database";

// Every booking runs it: built by Kysely once (db/compiled-once.ts).
const accountRow = compiledOnce("accountRow", (db, values: { userId: string; lock: boolean }) =>
  db
    .selectFrom("users")
    .select("id")
    .where("id", "=", values.userId)
    .$if(values.lock, (query) => query.forNoKeyUpdate()),
);

/**
 * Holds the account still until the transaction ends: another transaction
 * acting for the same account (a booking by it, its deletion) waits for this
 * one. False when there is no such account (any more).
 *
 * PostgreSQL: the account's row lock, `for no key update` — the lock an
 * update of the row would take, without writing a new version of it, so no
 * trigger runs and nothing is logged but the lock. It waits for another
 * transaction holding the row and, once that one has ended, finds the row
 * as it committed it (gone, after a deletion). SQLite: every transaction
 * this app opens already holds the database's one write lock from `begin`
 * (db/database.ts), so no other write can come between; the row is only
 * read. Writing it there would be a real update to SQLite's triggers, which
 * can't compare whole rows, and would evict the account's cached session
 * and own pages on every booking (docs/decisions/0021).
 */
export async function lockAccount(trx: AppDb, dialect: Dialect, userId: string): Promise<boolean> {
  const { rows } = await accountRow(trx, { userId, lock: dialect === "postgres" });
  return rows.length > 0;
}
