import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, startServerProcess } from "#tests/support/server-process";
import { serverOf, startTcpProxy } from "#tests/support/tcp-proxy";
import { createTestDatabase, type TestDatabase, testServerUrl } from "#tests/support/test-database";

/**
 * Starting before the database is there (docs/reliability.md, "faults
 * survived"): one clear line naming host, port and reason, retries for
 * DATABASE_CONNECT_TIMEOUT, then a non-zero exit, or a normal start once the
 * database answers. An unreachable port needs no PostgreSQL, so that case
 * runs in the SQLite pass; the late database needs a server.
 */
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "reride-startup-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(Boolean(testServerUrl()))("start-up without a database", () => {
  test("an unreachable PostgreSQL: one clear line, retries, exits non-zero after the wait", async () => {
    const port = await freePort();
    const started = Date.now();
    const server = await startServerProcess({
      dataDir,
      databaseUrl: `postgres://reride:secret@127.0.0.1:${port}/reride`,
      env: { DATABASE_CONNECT_TIMEOUT: "2" },
      waitForHealth: false,
    });
    const { code } = await server.exited;
    const waited = Date.now() - started;
    expect(code).not.toBe(0);
    expect(waited).toBeGreaterThanOrEqual(1_500);
    const output = server.output();
    expect(output).toContain(`ReRide can't reach PostgreSQL at 127.0.0.1:${port}`);
    expect(output).toContain("ECONNREFUSED");
    expect(output).toContain(`gave up reaching PostgreSQL at 127.0.0.1:${port} after 2 s`);
    // A sentence, not a stack trace, and never the password.
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain("secret");
  }, 30_000);

  test("a data directory that can't be written stops the start with one sentence naming it", async () => {
    // A path under a regular file can't be created, whoever runs the test (root included).
    const blocked = path.join(dataDir, "a-file");
    writeFileSync(blocked, "");
    const server = await startServerProcess({
      dataDir: path.join(blocked, "data"),
      env: { AUTH_SECRET: "" },
      waitForHealth: false,
    });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain(
      `can't write to its data directory ${path.join(blocked, "data")}`,
    );
    expect(server.output()).not.toMatch(/\n\s+at /);
  }, 30_000);

  test("a SQLite file in a folder that can't be written stops the start with one sentence", async () => {
    const blocked = path.join(dataDir, "another-file");
    writeFileSync(blocked, "");
    const file = path.join(blocked, "reride.sqlite");
    const server = await startServerProcess({
      dataDir,
      databaseUrl: `file:${file}`,
      waitForHealth: false,
    });
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain(`can't write its SQLite database at ${file}`);
    expect(server.output()).not.toMatch(/\n\s+at /);
  }, 30_000);
});

describe.skipIf(!testServerUrl())("start-up before PostgreSQL is reachable", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  test("waits, then starts on its own once the database answers", async () => {
    const proxy = await startTcpProxy(serverOf(database.databaseUrl ?? ""), { up: false });
    try {
      const server = await startServerProcess({
        dataDir: database.dataDir,
        databaseUrl: proxy.urlFor(database.databaseUrl ?? ""),
        waitForHealth: false,
      });
      // The database "comes up" once the server has said it is waiting for it.
      const saidAt = Date.now() + 30_000;
      while (!server.output().includes("can't reach PostgreSQL") && Date.now() < saidAt) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      proxy.restore();
      try {
        const deadline = Date.now() + 45_000;
        let status = 0;
        while (Date.now() < deadline && status !== 200) {
          status = (await fetch(`${server.url}/api/health`).catch(() => null))?.status ?? 0;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status, server.output()).toBe(200);
        expect(server.output()).toContain("ReRide can't reach PostgreSQL at 127.0.0.1:");
      } finally {
        await server.stop();
      }
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
