import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { ENV_VARIABLES } from "#src/server/env";

/**
 * The real server as a child process (`node --import tsx src/server/main.ts`,
 * no shell or npm in between, so signals reach it), for the tests and bench
 * scripts that need a process to kill, restart or run twice: crash recovery,
 * graceful shutdown, several processes on one database. Works inside and
 * outside vitest. Only ever signals its own child.
 */
export const AUTH_SECRET = "reliability-tests-auth-secret-0123456789";
export const PROCESS_ADMIN_EMAIL = "admin@reride.test";
export const PROCESS_ADMIN_PASSWORD = "admin-password-123";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const HEALTH_TIMEOUT_MS = 30_000;

export interface ServerProcessOptions {
  dataDir: string;
  /** postgres://… or undefined for SQLite in dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** false: resolve as soon as the process is spawned (tests of a start that should fail or wait). */
  waitForHealth?: boolean;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** stdout and stderr so far (the last 64 kB). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  signal(name: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts a server on a free port and waits until /api/health answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(await freePort(), options);
    } catch (error) {
      // The probed port can be taken before the server binds it: try another.
      if (attempt < 3 && error instanceof Error && error.message.includes("EADDRINUSE")) continue;
      throw error;
    }
  }
}

async function launch(port: number, options: ServerProcessOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ENV_VARIABLES) env[name] = "";
  Object.assign(env, {
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    AUTH_SECRET,
    ADMIN_EMAILS: PROCESS_ADMIN_EMAIL,
    ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
    LOG_LEVEL: "warn",
    RATE_LIMIT_SIGN_IN_ACCOUNT: "1000/1m",
    RATE_LIMIT_SIGN_IN_IP: "100000/1m",
    RATE_LIMIT_SIGN_UP_IP: "100000/1m",
    RATE_LIMIT_WRITES: "100000/1m",
    // Load and crash drills book many bikes per buyer; the cap has its own tests.
    MAX_ACTIVE_BOOKINGS: "1000",
    ...options.env,
  });
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: REPO,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-64_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  // If this process dies first, take the child with it.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => process.removeListener("exit", killOnExit));

  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    signal: (name) => {
      if (isRunning(child)) child.kill(name);
    },
    stop: async (graceMs = 10_000) => {
      if (!isRunning(child)) return;
      child.kill("SIGTERM");
      const timer = new Promise<"timeout">((resolve) => {
        setTimeout(() => resolve("timeout"), graceMs).unref();
      });
      if ((await Promise.race([exited, timer])) === "timeout") {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
  if (options.waitForHealth === false) return server;
  try {
    await waitForHealth(server);
  } catch (error) {
    server.signal("SIGKILL");
    await exited;
    throw error;
  }
  return server;
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

async function waitForHealth(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exit: { code: number | null } | undefined;
  void server.exited.then((value) => {
    exit = value;
  });
  let problem = "no answer yet";
  while (Date.now() < deadline) {
    if (exit)
      throw new Error(
        `The server exited (code ${exit.code}) before it was healthy:\n${server.output()}`,
      );
    try {
      const response = await fetch(`${server.url}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.status === 200) return;
      problem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The server at ${server.url} was not healthy in time (${problem}):\n${server.output()}`,
  );
}

/** A port nobody listens on: bind port 0, read it, close. */
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

/** A client for one server, as a browser of ReRide would call it (JSON, own Origin, cookie). */
export function apiClient(baseUrl: () => string) {
  return async (
    pathname: string,
    init: { method?: string; body?: unknown; cookie?: string; timeoutMs?: number } = {},
  ): Promise<Response> => {
    const url = baseUrl();
    const headers: Record<string, string> = { origin: url };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    return fetch(`${url}${pathname}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
  };
}

/** The Cookie header a browser would send back after this response. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}
