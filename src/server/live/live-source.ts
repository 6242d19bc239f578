import { sql } from "kysely";
import pg from "pg";
import type { AppDb } from "../db/database";
import { LIVE_CHANNEL } from "../db/migrations/015-conversations";
import type { Database } from "../env";
import type { Logger } from "../logger";

/**
 * What wakes a process's live events hub when another process (or this one)
 * has committed a live event (docs/decisions/0016-live-events.md). It only
 * says "look"; the hub reads the events table itself, so a missed wake-up
 * costs latency, never an event.
 */
export interface WakeSource {
  stop(): Promise<void>;
}

/**
 * PostgreSQL: one connection per process LISTENs on the channel the
 * triggers NOTIFY (delivered on commit only). A lost connection is opened
 * again with growing pauses, and the hub looks once connected, for what was
 * committed meanwhile. A slow look every few seconds covers the rest.
 */
export function listenOnPostgres(
  url: string,
  wake: () => void,
  logger: Logger,
  safetyPollMs = 5_000,
): WakeSource {
  let stopped = false;
  let client: pg.Client | null = null;
  let pause = 250;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    client = next;
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners("notification");
      void next.end().catch(() => undefined);
      if (stopped) return;
      logger.warn({ err: error }, "live events: lost the LISTEN connection; opening it again");
      retry = setTimeout(connect, pause);
      retry.unref();
      pause = Math.min(pause * 2, 5_000);
    };
    next.on("error", lost);
    next.on("end", () => lost());
    next.on("notification", () => wake());
    try {
      await next.connect();
      await next.query(`listen ${LIVE_CHANNEL}`);
      pause = 250;
      wake();
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void connect();
  const poll = setInterval(wake, safetyPollMs);
  poll.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * SQLite: the processes of one machine share the file. `data_version`
 * changes when another connection commits and `total_changes()` counts this
 * connection's own writes; both are answered from memory, so asking a few
 * times a second costs next to nothing, and the events table is read only
 * when one of them moved.
 */
export function pollSqlite(db: AppDb, wake: () => void, intervalMs = 150): WakeSource {
  let last = "";
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const version = await sql<{ v: number }>`pragma data_version`.execute(db);
      const own = await sql<{ n: number }>`select total_changes() as n`.execute(db);
      const token = `${JSON.stringify(version.rows[0])}:${own.rows[0]?.n ?? 0}`;
      if (token !== last) {
        last = token;
        wake();
      }
    } catch {
      // The database is closing or busy: the next tick asks again.
    } finally {
      busy = false;
    }
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => clearInterval(timer),
  };
}

export function wakeSourceFor(
  config: Database,
  db: AppDb,
  wake: () => void,
  logger: Logger,
): WakeSource {
  return config.dialect === "postgres"
    ? listenOnPostgres(config.url, wake, logger)
    : pollSqlite(db, wake);
}
