import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database as DatabaseConfig } from "../env";
import type { Logger } from "../logger";
import { namedStatementPool } from "./postgres-statements";
import { checkpointInBackground } from "./sqlite-checkpoints";
import { AppSqliteDialect } from "./sqlite-dialect";
import { StartupError } from "./startup-error";
import type { Tables } from "./tables";

export type Dialect = "sqlite" | "postgres";
export type AppDb = Kysely<Tables>;

export interface DatabaseHandle {
  db: AppDb;
  dialect: Dialect;
  /** The driver underneath Kysely: cache/data-version.ts asks it whether anything changed. */
  driver:
    | { dialect: "sqlite"; sqlite: SQLite.Database }
    | {
        dialect: "postgres";
        pool: pg.Pool;
        /**
         * Connections of their own for the cache's version reads
         * (cache/data-version.ts), apart from `pool`: a cached answer never
         * waits for a connection behind writes (docs/decisions/0007).
         */
        versionPool: pg.Pool;
      };
  close(): Promise<void>;
}

// COUNT(*) and other bigint results come back as strings from pg; every
// count this app makes fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * `backgroundCheckpoints`: SQLite's log is copied into the database file by a
 * worker thread instead of inside a request's commit (db/sqlite-checkpoints.ts);
 * the server's database has it, short-lived tools and scripts don't need it.
 */
export function openDatabase(
  config: DatabaseConfig,
  logger?: Logger,
  options: { backgroundCheckpoints?: boolean } = {},
): DatabaseHandle {
  if (config.dialect === "postgres") {
    const watch = connectionWatcher(logger);
    const pool = postgresPool(config.url, 10, watch);
    // Every cached answer asks whether its data changed before it is served. Under a
    // burst of writes all of `pool` can be busy with transactions waiting for locks
    // or their commit; on the same pool that question would queue behind them and
    // a cached page would wait as long as a write. One connection carries the
    // version reads (one at a time, each shared by every request waiting:
    // cache/data-version.ts), the other a session read on a cache miss.
    const versionPool = postgresPool(config.url, 2, watch, keepGenericPlans);
    const db = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: namedStatementPool(pool) }),
    });
    return {
      db,
      dialect: "postgres",
      driver: { dialect: "postgres", pool, versionPool },
      close: async () => {
        await db.destroy();
        await versionPool.end();
      },
    };
  }
  const sqlite = openSqliteFile(config.file);
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // Reads through the page cache mapped in memory: index-driven searches over a
  // large table run several times faster than through read() calls.
  sqlite.pragma("mmap_size = 268435456");
  const checkpoints = options.backgroundCheckpoints
    ? checkpointInBackground(sqlite, config.file, logger)
    : null;
  const db = new Kysely<Tables>({
    dialect: new AppSqliteDialect(sqlite, checkpoints),
  });
  return {
    db,
    dialect: "sqlite",
    driver: { dialect: "sqlite", sqlite },
    close: async () => {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

/**
 * A connection that can't be had in 5 s fails the request (503) instead of
 * holding it; keep-alive notices a peer that vanished without a word.
 *
 * Connections are kept however long they sit idle (pg closes them after 10 s
 * by default). A new one costs PostgreSQL a process that starts with cold
 * caches: the first booking on it took 52–121 ms against 24–33 ms on a kept
 * one, measured with 11 s between bookings (docs/decisions/0021, fourteenth
 * pass). A quiet marketplace has lulls longer than 10 s all day, so with
 * pg's default most of its writes paid that. The pool still never holds more
 * than `max`, and a connection the server ends is dropped and replaced.
 */
function postgresPool(
  url: string,
  max: number,
  watch: (pool: pg.Pool) => void,
  // Awaited by pg before a new connection's first query.
  onConnect?: (client: pg.ClientBase) => Promise<void>,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 0,
    keepAlive: true,
    ...(onConnect ? { onConnect } : {}),
  });
  watch(pool);
  return pool;
}

/**
 * The version reads are two statements asked thousands of times a second,
 * each with a handful of keys. By default PostgreSQL planned them afresh at
 * every call: its generic plan, costed for arrays of unknown length, never
 * looked cheaper than a custom one, so the statement's name saved the parse
 * and nothing else. Kept generic, a version read costs PostgreSQL about a
 * third of the CPU (docs/decisions/0021, "eighth pass"). Only this pool's
 * connections: the app's own statements need custom plans where a value
 * picks a partial index (`status = 'pending'`). A server that refuses the
 * setting (before PostgreSQL 12) plans as before.
 */
async function keepGenericPlans(client: pg.ClientBase): Promise<void> {
  try {
    await client.query("set plan_cache_mode = force_generic_plan");
  } catch (error) {
    // Only an older server's refusal (42704, unrecognized parameter) is let pass: custom
    // plans, as everywhere else. A connection lost meanwhile must fail its connect, or the
    // pool would hand out a dead client and call it connected (ending a logged outage).
    if (Reflect.get(Object(error), "code") !== UNKNOWN_SETTING) throw error;
  }
}

const UNKNOWN_SETTING = "42704";

/**
 * A server restart, a failover or an administrator ending connections makes
 * pg emit `error` on the pool (an idle connection) or on a checked-out client
 * between queries; unhandled, either ends the process. Handled here: logged
 * once per outage, and pg drops the broken connection (a released client that
 * is no longer queryable is removed, not reused) and opens a fresh one when
 * next asked. The next successful connection ends the outage. One watcher
 * serves both of a process's pools: an outage is one outage, logged once.
 */
function connectionWatcher(logger: Logger | undefined): (pool: pg.Pool) => void {
  let outage = false;
  const lost = (error: Error) => {
    if (outage) return;
    outage = true;
    logger?.error({ err: error }, `lost the connection to the database: ${error.message}`);
  };
  return (pool) => {
    pool.on("error", lost);
    pool.on("connect", (client) => {
      client.on("error", lost);
      if (!outage) return;
      outage = false;
      logger?.warn("connected to the database again");
    });
  };
}

function openSqliteFile(file: string): SQLite.Database {
  let sqlite: SQLite.Database | undefined;
  try {
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new SQLite(file);
    // WAL lets readers run while a write commits; busy_timeout makes a second
    // process wait for the write lock instead of failing at once. Setting WAL
    // writes to the folder, so an unwritable one fails here, at start.
    sqlite.pragma("journal_mode = WAL");
    return sqlite;
  } catch (error) {
    sqlite?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `ReRide can't write its SQLite database at ${file} (${reason}): make ${path.dirname(file)} writable by this user, or set DATA_DIR to a folder that is.`,
    );
  }
}

/** pg returns Date for timestamptz, SQLite stores ISO text: the API always speaks ISO. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}
