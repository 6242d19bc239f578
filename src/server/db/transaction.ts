import type { Transaction } from "kysely";
import type { AppDb } from "./database";
import { isRetryableConflict } from "./errors";
import type { Tables } from "./tables";

const ATTEMPTS = 5;

/**
 * Runs `work` in one transaction, again from the start when PostgreSQL picked
 * it as a deadlock's victim. Writes that touch several kept-count rows (an
 * account deletion reaches listings in many categories, each row's trigger
 * updating its category's count and price bucket) can wait on each other in
 * opposite orders; PostgreSQL then aborts one of them, and without a retry
 * that user would get a 500 for a write that would succeed a moment later.
 * SQLite takes the write lock at `begin` (database.ts) and waits its turn, so
 * it never gets here twice.
 * `work` must do nothing outside the database that can't be done twice.
 */
export async function inTransaction<T>(db: AppDb, work: (trx: Transaction<Tables>) => Promise<T>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= ATTEMPTS) throw error;
      // A short random pause, so the two transactions don't collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
