import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import type { DestinationStream } from "pino";
import { createApp } from "#src/server/app";
import { bootstrap } from "#src/server/bootstrap";
import type { AppBindings, Deps } from "#src/server/context";
import type { DatabaseHandle } from "#src/server/db/database";
import { type Env, loadEnv } from "#src/server/env";
import { createLogger } from "#src/server/logger";
import type { ClientOptions } from "#src/server/static-client";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const ADMIN_EMAIL = "admin@reride.test";
export const ADMIN_PASSWORD = "admin-password-123";

export const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN_DELAY: "1000/1m",
  RATE_LIMIT_ADMIN_SIGN_IN_DELAY: "1000/1m",
  RATE_LIMIT_SIGN_IN_ACCOUNT: "1000/1m",
  RATE_LIMIT_SIGN_IN_IP: "100000/1m",
  RATE_LIMIT_SIGN_UP_IP: "100000/1m",
  RATE_LIMIT_WRITES: "100000/1m",
} as const;

/** Environment variables for one test app; `undefined` removes a default. */
export type EnvOverrides = Record<string, string | undefined>;

export interface TestAppOptions {
  /**
   * The built web app to serve for non-API paths. Defaults to an empty
   * folder, so no test depends on whether `npm run build` has run.
   */
  clientDir?: string;
  /** Draw pages on the server (src/server/server-render.ts); default true, as in production. */
  renderPages?: boolean;
  /** Where the app's log lines go (set LOG_LEVEL too: tests default to silent). */
  logDestination?: DestinationStream;
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON unless it is already a string (e.g. deliberately malformed JSON). */
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: Hono<AppBindings>;
  env: Env;
  deps: Deps;
  /** A request as the browser would send it: JSON, with the app's own Origin. */
  request(path: string, options?: RequestOptions): Promise<Response>;
  /** Stops this app and starts a new one on the same database (a server restart); close the new one. */
  restart(): Promise<TestApp>;
  /** Closes the database and removes it. */
  close(): Promise<void>;
}

/**
 * The real app, in-process, over a database of its own. Call once per test
 * file (beforeAll) and close in afterAll; a second call with different
 * overrides gives an independent app with its own database.
 */
export async function createTestApp(
  overrides: EnvOverrides = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  try {
    const env = loadEnv(testEnvSource(database, overrides));
    const clientDir = options.clientDir ?? path.join(database.dataDir, "client");
    mkdirSync(clientDir, { recursive: true });
    return await start(
      env,
      database,
      { clientDir, renderPages: options.renderPages },
      options.logDestination,
    );
  } catch (error) {
    await database.drop();
    throw error;
  }
}

export function testEnvSource(database: TestDatabase, overrides: EnvOverrides): NodeJS.ProcessEnv {
  const source: EnvOverrides = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    ADMIN_EMAILS: ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // In-process requests all come from one "address" and files sign up many
    // accounts: limits high enough never to bite, low enough to be counted.
    // Tests of the limits themselves set tight ones.
    ...GENEROUS_RATE_LIMITS,
    // Files book many bikes with one buyer; the cap's own tests set it.
    MAX_ACTIVE_BOOKINGS: "1000",
    ...overrides,
  };
  // loadEnv treats a missing key as "not set"; drop the undefined ones.
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

async function start(
  env: Env,
  database: TestDatabase,
  client: ClientOptions,
  logDestination?: DestinationStream,
): Promise<TestApp> {
  const started: { deps: Deps; database: DatabaseHandle } = await bootstrap(
    env,
    createLogger(env.logLevel, { destination: logDestination }),
  );
  const app = createApp(started.deps, client);
  // After restart() the new app owns the database; closing the old one is then a no-op.
  let ownsDatabase = true;
  return {
    app,
    env,
    deps: started.deps,
    request: async (path, options) => app.request(path, requestInit(env, options)),
    restart: async () => {
      ownsDatabase = false;
      await started.database.close();
      try {
        return await start(env, database, client, logDestination);
      } catch (error) {
        await database.drop();
        throw error;
      }
    },
    close: async () => {
      if (!ownsDatabase) return;
      ownsDatabase = false;
      try {
        await started.database.close();
      } finally {
        await database.drop();
      }
    },
  };
}

export function requestInit(env: Env, options: RequestOptions = {}): RequestInit {
  const headers: Record<string, string> = { origin: env.publicUrl, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body };
}
