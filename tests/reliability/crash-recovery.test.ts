import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "#src/server/env";
import { runCrashDrill } from "#tests/support/crash-drill";
import { startServerProcess } from "#tests/support/server-process";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * Issue 6, point 4, the short version of bench/crash-test.ts: two SIGKILLs
 * mid-stream; every write answered 2xx survives and every rule holds.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

test("nothing answered 2xx is lost when the server is killed mid-stream", async () => {
  const config: Database = database.databaseUrl
    ? { dialect: "postgres", url: database.databaseUrl }
    : { dialect: "sqlite", file: path.join(database.dataDir, "reride.sqlite") };
  const result = await runCrashDrill({
    start: () =>
      startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl }),
    database: config,
    crashes: 2,
    workers: 4,
    streamMs: [600, 1200],
  });
  process.stdout.write(
    `crash drill (${config.dialect}): ${result.crashes} crashes, ${result.requests} requests, ${result.verified} writes verified, ${result.inDoubt} cut off\n`,
  );
  expect(result.violations).toEqual([]);
  expect(result.crashes).toBe(2);
  expect(result.acknowledged.listings).toBeGreaterThan(0);
  expect(result.verified).toBe(result.acknowledged.listings + result.acknowledged.bookings);
}, 90_000);
