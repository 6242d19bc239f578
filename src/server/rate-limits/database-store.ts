import { sql } from "kysely";
import type { AppDb } from "../db/database";
import type { RateLimitStore } from "./store";

/** migrations/006-rate-limits.ts; kept out of db/tables.ts because only this module reads it. */
interface RateLimitsTable {
  key: string;
  hits: number;
  resetAt: number;
}

const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Counters in the app's own database (SQLite or PostgreSQL), so every
 * process sharing the database shares them with no other service to run.
 * A hit is one upsert: a new window when the old one has closed, else one
 * more hit; PostgreSQL's ON CONFLICT and SQLite's single writer make it
 * atomic across processes.
 */
export function databaseStore(appDb: AppDb): RateLimitStore {
  const db = appDb.withTables<{ rateLimits: RateLimitsTable }>();
  let sweptAt = Date.now();

  // Closed windows are dead rows: one process removes them now and then.
  async function sweep(now: number) {
    if (now - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = now;
    await db.deleteFrom("rateLimits").where("resetAt", "<=", now).execute();
  }

  return {
    async hit(key, windowMs, now) {
      await sweep(now);
      const closed = sql<boolean>`${sql.ref("rateLimits.resetAt")} <= ${now}`;
      const row = await db
        .insertInto("rateLimits")
        .values({ key, hits: 1, resetAt: now + windowMs })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet({
            hits: sql<number>`case when ${closed} then 1 else ${sql.ref("rateLimits.hits")} + 1 end`,
            resetAt: sql<number>`case when ${closed} then ${now + windowMs} else ${sql.ref("rateLimits.resetAt")} end`,
          }),
        )
        .returning(["hits", "resetAt"])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), resetAt: Number(row.resetAt) };
    },
    async undo(key, now) {
      await db
        .updateTable("rateLimits")
        .set({ hits: sql<number>`${sql.ref("hits")} - 1` })
        .where("key", "=", key)
        .where("resetAt", ">", now)
        .where("hits", ">", 0)
        .execute();
    },
    async peek(key, now) {
      const row = await db
        .selectFrom("rateLimits")
        .select(["hits", "resetAt"])
        .where("key", "=", key)
        .where("resetAt", ">", now)
        .executeTakeFirst();
      return row ? { hits: Number(row.hits), resetAt: Number(row.resetAt) } : null;
    },
    async swap(key, expected, next, now) {
      if (expected) {
        const result = await db
          .updateTable("rateLimits")
          .set(next)
          .where("key", "=", key)
          .where("hits", "=", expected.hits)
          .where("resetAt", "=", expected.resetAt)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      }
      // No open window was seen: a new row, or one whose window has closed since.
      const row = await db
        .insertInto("rateLimits")
        .values({ key, ...next })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet(next).where("rateLimits.resetAt", "<=", now),
        )
        .returning("key")
        .executeTakeFirst();
      return row !== undefined;
    },
    // The database belongs to the app: nothing of ours to close.
    async close() {},
  };
}
