import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { withConversationTables } from "#src/server/conversations/conversation-tables";
import { type DatabaseHandle, openDatabase } from "#src/server/db/database";
import { migrateToLatest } from "#src/server/db/migrate";
import { type Database, loadEnv } from "#src/server/env";
import { type CategoryName, categoryNames } from "#src/shared/schemas/categories";
import { generate } from "./generate";

/**
 * Throwaway databases of a given size, made once and reused while their
 * schema and generator are unchanged: a million bikes take minutes to make,
 * seconds to check. SQLite files live in node_modules/.cache/reride-bench
 * (or --data-dir); PostgreSQL databases are named reride_bench_<bikes> (or
 * <--pg-prefix><bikes>), their fingerprint kept as the database's comment.
 */

export type DbKind = "sqlite" | "postgres";

export interface BenchDatabase {
  kind: DbKind;
  bikes: number;
  /** The app's DATABASE_URL for it. */
  url: string;
  config: Database;
  categoryIds: Record<CategoryName, string>;
  /** A generated buyer: the viewer of in-process reads. */
  viewerId: string;
  /** The generated seller with the most conversations (bench/lib/generate-conversations.ts). */
  busySellerId: string;
  reused: boolean;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
export const DEFAULT_DATA_DIR = path.join(ROOT, "node_modules/.cache/reride-bench");
export const DEFAULT_PG_PREFIX = "reride_bench_";

/** Where the generated databases live: two runs with different places never share data. */
export interface DataPlace {
  /** The PostgreSQL server's admin URL. */
  postgresUrl: string;
  /** SQLite files. */
  dataDir: string;
  /** PostgreSQL databases are named <pgPrefix><bikes>. */
  pgPrefix: string;
}
// Any change to these makes a stored database stale.
const FINGERPRINT_SOURCES = [
  "src/server/db/migrations",
  "src/server/auth.ts",
  "bench/lib/generate.ts",
  "bench/lib/generate-conversations.ts",
  "bench/lib/vocabulary.ts",
];

export function fingerprint(bikes: number): string {
  const hash = createHash("sha256").update(`bikes=${bikes};`);
  hash.update(readFileSync(path.join(ROOT, "node_modules/better-auth/package.json")));
  for (const source of FINGERPRINT_SOURCES) {
    const full = path.join(ROOT, source);
    const files = full.endsWith(".ts")
      ? [full]
      : readdirSync(full)
          .filter((name) => name.endsWith(".ts"))
          .sort()
          .map((name) => path.join(full, name));
    // Named relative to the checkout: two checkouts of the same code share their data.
    for (const file of files) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The environment the app's migrations need (auth options); nothing is read from process.env. */
function migrationEnv(url: string, dataDir: string) {
  return loadEnv({
    DATABASE_URL: url,
    DATA_DIR: path.join(dataDir, "data"),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    LOG_LEVEL: "silent",
  });
}

export async function prepareDatabase(
  kind: DbKind,
  bikes: number,
  place: DataPlace,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  mkdirSync(place.dataDir, { recursive: true });
  const wanted = fingerprint(bikes);
  const store =
    kind === "sqlite"
      ? sqliteStore(place.dataDir, bikes)
      : postgresStore(place.pgPrefix, bikes, place.postgresUrl);
  const env = migrationEnv(store.url, place.dataDir);
  const config = env.database;

  if ((await store.readFingerprint()) === wanted) {
    const handle = openDatabase(config);
    try {
      const found = await describe(handle, bikes);
      if (found) {
        log(`${kind} ${bikes.toLocaleString("en")}: reusing the generated database`);
        // The dead rows earlier runs' writes left, gone as autovacuum (on in PostgreSQL as it
        // ships, off on some servers) would have cleared them: every run starts alike. Left,
        // they doubled PostgreSQL's CPU for a booking after a few runs (docs/decisions/0021).
        if (kind === "postgres") await sql`vacuum (analyze)`.execute(handle.db);
        await settleOnDisk(handle);
        return { kind, bikes, url: store.url, config, ...found, reused: true };
      }
    } finally {
      await handle.close();
    }
  }

  log(`${kind} ${bikes.toLocaleString("en")}: generating (schema from the app's migrations)`);
  await store.recreate();
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle, env);
    const started = Date.now();
    const made = await generate(handle.db, handle.dialect, bikes, log);
    await settleOnDisk(handle);
    log(`  generated in ${Math.round((Date.now() - started) / 1000)} s`);
    await store.writeFingerprint(wanted);
    return { kind, bikes, url: store.url, config, ...made, reused: false };
  } finally {
    await handle.close();
  }
}

/**
 * Writes what is still only in the database's log into its files, so the first
 * round doesn't pay for the vacuum's (or earlier runs') writes: PostgreSQL's
 * `checkpoint`; SQLite's log copied in and emptied.
 */
async function settleOnDisk(handle: DatabaseHandle) {
  if (handle.dialect === "postgres") await sql`checkpoint`.execute(handle.db);
  else await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
}

/** Category ids and the viewer of a stored database, or null when it isn't what we made. */
async function describe(handle: DatabaseHandle, bikes: number) {
  const count = await handle.db
    .selectFrom("bikes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  if (Number(count?.count) !== bikes) return null;
  const rows = await handle.db.selectFrom("categories").select(["id", "name"]).execute();
  const viewer = await handle.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", "buyer0@bench.reride.test")
    .executeTakeFirst();
  const busySeller = await withConversationTables(handle.db)
    .selectFrom("conversations")
    .select("sellerId")
    .groupBy("sellerId")
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .limit(1)
    .executeTakeFirst();
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  if (!viewer || !busySeller || categoryNames.some((name) => !byName.has(name))) return null;
  const categoryIds = Object.fromEntries(
    categoryNames.map((name) => [name, byName.get(name) ?? ""]),
  ) as Record<CategoryName, string>;
  return { categoryIds, viewerId: viewer.id, busySellerId: busySeller.sellerId };
}

interface Store {
  url: string;
  readFingerprint(): Promise<string | null>;
  writeFingerprint(value: string): Promise<void>;
  recreate(): Promise<void>;
}

function sqliteStore(dataDir: string, bikes: number): Store {
  const file = path.join(dataDir, `reride-${bikes}.sqlite`);
  const meta = `${file}.fingerprint`;
  return {
    url: `file:${file}`,
    readFingerprint: async () =>
      existsSync(meta) && existsSync(file) ? readFileSync(meta, "utf8").trim() : null,
    writeFingerprint: async (value) => writeFileSync(meta, value),
    recreate: async () => {
      for (const suffix of ["", "-wal", "-shm", ".fingerprint"])
        rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

function postgresStore(prefix: string, bikes: number, adminUrl: string): Store {
  const name = `${prefix}${bikes}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async <T>(task: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return await task(client);
    } finally {
      await client.end();
    }
  };
  return {
    url: url.toString(),
    readFingerprint: () =>
      admin(async (client) => {
        const result = await client.query<{ comment: string | null }>(
          "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
          [name],
        );
        return result.rows[0]?.comment ?? null;
      }),
    // Names are ours (a checked prefix and digits), values are hex: nothing to escape.
    writeFingerprint: (value) =>
      admin(async (client) => {
        await client.query(`comment on database "${name}" is '${value}'`);
      }),
    recreate: () =>
      admin(async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.query(`create database "${name}"`);
      }),
  };
}

/** Whether PostgreSQL answers at the admin URL (the bench skips it, with a note, when not). */
export async function postgresReachable(adminUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}
