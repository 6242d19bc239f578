import { execFileSync } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  cookieOf,
  type ServerProcess,
  startServerProcess,
} from "../../tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";

/**
 * PROCESSES=2 (processes.ts): one port, two server processes. Every request
 * below opens a new connection, so the primary hands them to the workers in
 * turn: each worker's session cache gets warmed, and each must drop it when
 * the other ends the session.
 */
let database: TestDatabase;
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    env: { PROCESSES: "2" },
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** The server processes under the primary (not tsx's helpers). */
function workerPids(primary: number): number[] {
  const lines = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(primary)], {
    encoding: "utf8",
  }).trim();
  return lines
    .split("\n")
    .filter((line) => line.includes("src/server/main.ts"))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** A request on a connection of its own. */
function onNewConnection(path: string, cookie: string, method = "GET", body?: string) {
  const url = new URL(path, server.url);
  return new Promise<{ status: number; setCookie: string[] }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          cookie,
          origin: server.url,
          ...(body ? { "content-type": "application/json" } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            setCookie: response.headers["set-cookie"] ?? [],
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("PROCESSES=2", () => {
  test("runs two server processes on the one port", () => {
    expect(workerPids(server.pid)).toHaveLength(2);
  });

  test("signing out through one process ends the session both have cached", async () => {
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        name: "Two Process",
        email: `two-${Date.now()}@processes.test`,
        password: "correct-horse-42",
        accountType: "buyer",
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = cookieOf(signUp);
    for (let index = 0; index < 6; index++) {
      expect((await onNewConnection("/api/me", cookie)).status).toBe(200);
    }
    expect((await onNewConnection("/api/auth/sign-out", cookie, "POST", "{}")).status).toBe(200);
    for (let index = 0; index < 6; index++) {
      expect((await onNewConnection("/api/me", cookie)).status).toBe(401);
    }
  });

  test("SIGTERM stops the primary and every worker", async () => {
    const workers = workerPids(server.pid);
    await server.stop();
    expect((await server.exited).code).toBe(0);
    for (const pid of workers) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  }, 30_000);
});
