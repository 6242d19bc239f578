import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { ENV_VARIABLES } from "../../../src/server/env";

export const ADMIN_EMAIL = "admin@reride.test";
export const ADMIN_PASSWORD = "admin-password-123";

const HEALTH_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 10_000;

export interface TestServer {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  url: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Picks a port nobody is listening on: bind port 0, read it, close. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      if (address === null || typeof address === "string") {
        probe.close();
        reject(new Error("could not read the probe port"));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

/**
 * Starts the real server (`node --import tsx src/server/main.ts`, no shell or
 * npm in between, so the child PID is the server) on a free port with a fresh
 * data directory, and waits until /api/health answers 200.
 */
export async function startServer(overrides: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "reride-e2e-"));
  const database = process.env.E2E_DATABASE_URL
    ? await createPostgresDatabase(process.env.E2E_DATABASE_URL)
    : null;
  try {
    // The probe port can be taken between closing it and the server binding it: retry then.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        return await launch(port, dataDir, database, overrides);
      } catch (error) {
        if (attempt < 3 && error instanceof Error && error.message.includes("EADDRINUSE")) continue;
        throw error;
      }
    }
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    throw error;
  }
}

async function launch(
  port: number,
  dataDir: string,
  database: PostgresDatabase | null,
  overrides: Record<string, string>,
): Promise<TestServer> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Blank rather than absent: the server reads a .env file for variables that
  // are not set at all, and a developer's .env must not leak into a journey.
  for (const name of ENV_VARIABLES) env[name] = "";
  Object.assign(env, {
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ADMIN_EMAILS: ADMIN_EMAIL,
    ADMIN_PASSWORD: ADMIN_PASSWORD,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...overrides,
  });

  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: process.cwd(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-64_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  // If the test process dies without running afterAll, take our server with it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  let stopped = false;
  const cleanup = async () => {
    process.removeListener("exit", killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await terminate(child, exited);
    await cleanup();
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, exited, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output: () => output, stop };
}

async function waitForHealth(
  url: string,
  exited: Promise<number | null>,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`The server exited (code ${exitCode}) before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /api/health answered ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(
    `The server at ${url} was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}). Its output:\n${output()}`,
  );
}

/** SIGTERM, then SIGKILL if it is still running after the grace period. Only our own child. */
async function terminate(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = new Promise<"timeout">((resolve) => {
    setTimeout(() => resolve("timeout"), STOP_GRACE_MS).unref();
  });
  if ((await Promise.race([exited, timer])) === "timeout") {
    child.kill("SIGKILL");
    await exited;
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
