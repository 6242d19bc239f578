import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import {
  PROCESS_ADMIN_EMAIL,
  PROCESS_ADMIN_PASSWORD,
  startServerProcess,
} from "#tests/support/server-process";

export const ADMIN_EMAIL = PROCESS_ADMIN_EMAIL;
export const ADMIN_PASSWORD = PROCESS_ADMIN_PASSWORD;

const STOP_GRACE_MS = 10_000;

export interface TestServer {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  url: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (tests/support/server-process.ts: no shell or npm in
 * between, so the child PID is the server) on a free port with a fresh data
 * directory, and a fresh PostgreSQL database when E2E_DATABASE_URL is set;
 * both are removed when it stops.
 */
export async function startServer(overrides: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "reride-e2e-"));
  const database = process.env.E2E_DATABASE_URL
    ? await createPostgresDatabase(process.env.E2E_DATABASE_URL)
    : null;
  const removeData = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    const server = await startServerProcess({
      dataDir,
      databaseUrl: database?.url,
      env: {
        ADMIN_EMAILS: ADMIN_EMAIL,
        ADMIN_PASSWORD,
        // The journeys run with the abuse limits people meet (blank = the default),
        // so a page that hammers an endpoint would be refused here too.
        RATE_LIMIT_SIGN_IN_ACCOUNT: "",
        RATE_LIMIT_SIGN_IN_IP: "",
        RATE_LIMIT_SIGN_UP_IP: "",
        RATE_LIMIT_WRITES: "",
        ...overrides,
      },
    });
    let stopped = false;
    return {
      url: server.url,
      output: server.output,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await server.stop(STOP_GRACE_MS);
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
}

interface PostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database per server on the PostgreSQL that E2E_DATABASE_URL points at. */
async function createPostgresDatabase(adminUrl: string): Promise<PostgresDatabase> {
  const name = `reride_e2e_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await onPostgres(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onPostgres(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

async function onPostgres<T>(adminUrl: string, task: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    const url = new URL(adminUrl);
    if (url.password) url.password = "***";
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `E2E_DATABASE_URL is set but PostgreSQL at ${url} cannot be reached: ${reason}`,
    );
  }
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/**
 * One server for the whole spec file: started in beforeAll, stopped in
 * afterAll. Read `.url` inside tests (it is set once beforeAll has run).
 */
export function setupServer(
  overrides: Record<string, string> | (() => Record<string, string>) = {},
) {
  let server: TestServer | undefined;
  const handle = {
    get url(): string {
      if (!server) throw new Error("the server is not started yet (use it inside a test)");
      return server.url;
    },
    output: () => server?.output() ?? "",
  };
  beforeAll(async () => {
    server = await startServer(typeof overrides === "function" ? overrides() : overrides);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return handle;
}
