import { sql } from "kysely";
import type { AppDb, Dialect } from "#src/server/db/database";

/**
 * A transaction of the generator's bulk load that, on PostgreSQL, doesn't wait
 * for its commit to reach the disk: the data is made again if the machine
 * stops, so durability buys nothing and costs a flush per chunk.
 */
export async function loadTransaction(
  db: AppDb,
  dialect: Dialect,
  work: (trx: AppDb) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === "postgres") await sql`set local synchronous_commit = off`.execute(trx);
    await work(trx);
  });
}
