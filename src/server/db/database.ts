import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database as DatabaseConfig } from "../env";
import type { Tables } from "./tables";

export type Dialect = "sqlite" | "postgres";
export type AppDb = Kysely<Tables>;

export interface DatabaseHandle {
  db: AppDb;
  dialect: Dialect;
  /** The driver underneath Kysely: cache/data-version.ts asks it whether anything changed. */
  driver: { dialect: "sqlite"; sqlite: SQLite.Database } | { dialect: "postgres"; pool: pg.Pool };
  close(): Promise<void>;
}

// COUNT(*) and other bigint results come back as strings from pg; every
// count this app makes fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: "postgres",
      driver: { dialect: "postgres", pool },
      close: () => db.destroy(),
    };
  }
  if (config.file !== ":memory:") mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  // WAL lets readers run while a write commits; busy_timeout makes a second
  // process wait for the write lock instead of failing at once.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // Reads through the page cache mapped in memory: index-driven searches over a
  // large table run several times faster than through read() calls.
  sqlite.pragma("mmap_size = 268435456");
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    dialect: "sqlite",
    driver: { dialect: "sqlite", sqlite },
    close: () => db.destroy(),
  };
}

/** pg returns Date for timestamptz, SQLite stores ISO text: the API always speaks ISO. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}
