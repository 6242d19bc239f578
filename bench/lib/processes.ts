import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
// One probe for a free port, shared with the test harness.
import { freePort } from "#tests/support/server-process";

/**
 * Servers under test, each its own process started without a shell (so the
 * child's PID is the server's), on a free port, ready once its health URL
 * answers 200. The same way tests/e2e/support/server.ts starts ReRide.
 */

export const ROOT = path.resolve(import.meta.dirname, "../..");
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export interface Running {
  name: string;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** The server's process id (the process itself: started without a shell). */
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// If the bench dies, it takes its servers with it (only the children it started).
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** `node --import tsx <script>` with `env` (PORT is added), waiting for `healthPath`. */
export async function startNode(
  name: string,
  script: string,
  env: Record<string, string>,
  healthPath: string,
  chosenPort?: number,
): Promise<Running> {
  const port = chosenPort ?? (await freePort());
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-32_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    running.delete(child);
    await terminate(child, exited);
  };
  try {
    await waitForHealth(`${url}${healthPath}`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, url, pid: child.pid ?? 0, output: () => output, stop };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let problem = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${url}: the server exited (code ${child.exitCode}):\n${output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      problem = `answered ${response.status}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(
    `${url} was not ready within ${READY_TIMEOUT_MS / 1000} s (${problem}):\n${output()}`,
  );
}

/** SIGTERM, then SIGKILL after the grace period. Only our own child. */
async function terminate(child: ChildProcess, exited: Promise<number | null>) {
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
