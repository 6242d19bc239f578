import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "#src/server/db/database";

/**
 * A database nobody else uses, for one test app. SQLite by default (a file in
 * a fresh temp dir); a brand-new PostgreSQL database when TEST_DATABASE_URL
 * names a server, so the same tests prove both dialects.
 */
export interface TestDatabase {
  /** Fresh temp dir: holds the SQLite file and the generated auth secret. */
  dataDir: string;
  /** DATABASE_URL for the app, or undefined for the SQLite default in dataDir. */
  databaseUrl: string | undefined;
  /** Removes the temp dir and, on PostgreSQL, drops the database even if connections linger. */
  drop(): Promise<void>;
}

export const TEST_DATABASE_PREFIX = "reride_test_";

/** Read here once so every test file decides the same way. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "reride-test-"));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = testServerUrl();
  if (!serverUrl) return { dataDir, databaseUrl: undefined, drop: async () => removeDataDir() };

  // The run id lets the global teardown find what a crashed file left behind.
  const runId = inject("testRunId") ?? "norun";
  const name = `${TEST_DATABASE_PREFIX}${runId}_${randomBytes(4).toString("hex")}`;
  try {
    await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  } catch (error) {
    removeDataDir();
    throw error;
  }
  return {
    dataDir,
    databaseUrl: withDatabaseName(serverUrl, name),
    drop: async () => {
      try {
        await onServer(serverUrl, async (client) => {
          await untilDisconnected(client, name);
          await client.query(`drop database if exists ${name} with (force)`);
        });
      } finally {
        removeDataDir();
      }
    },
  };
}

/**
 * A brand-new PostgreSQL database (TEST_DATABASE_URL's server), opened as the
 * app opens it, for tests of the driver underneath the app. `close` ends the
 * handle's connections before the database is dropped.
 */
export async function openPostgresTestDatabase(): Promise<{
  handle: DatabaseHandle;
  close(): Promise<void>;
}> {
  const database = await createTestDatabase();
  if (!database.databaseUrl) {
    await database.drop();
    throw new Error("PostgreSQL only: set TEST_DATABASE_URL");
  }
  const handle = openDatabase({ dialect: "postgres", url: database.databaseUrl });
  return {
    handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await database.drop();
      }
    },
  };
}

/**
 * pg's pool reports itself ended once it has asked its connections to close,
 * before the server has let them go. A forced drop that reaches one of them
 * meanwhile surfaces as an error event nobody listens for any more (an
 * "Uncaught Exception" in whichever test file is running): wait a moment for
 * them to go first; the forced drop then only removes a connection that hangs.
 */
async function untilDisconnected(client: pg.Client, name: string, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ connected: number }>(
      "select count(*)::int as connected from pg_stat_activity where datname = $1",
      [name],
    );
    if ((rows[0]?.connected ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * One short-lived admin connection to the server named by TEST_DATABASE_URL.
 * An unreachable server is an error that says so, never a silent skip: a
 * PostgreSQL run that quietly tested nothing would be worse than a failure.
 */
export async function onServer<T>(
  serverUrl: string,
  task: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `TEST_DATABASE_URL is set but PostgreSQL at ${redacted(serverUrl)} cannot be reached: ${reason}`,
    );
  }
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function redacted(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
