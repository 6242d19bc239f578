import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPostgresTestDatabase, testServerUrl } from "#tests/support/test-database";
import type { DatabaseHandle } from "./database";

// pg closes a pooled connection after 10 s idle by default, and the next
// request then waits for a new PostgreSQL process with cold caches: the first
// write after every lull of a quiet marketplace was about twice as slow
// (database.ts, postgresPool). The pool keeps its connections instead.
describe.skipIf(!testServerUrl())("PostgreSQL connections kept through a lull", () => {
  let opened: Awaited<ReturnType<typeof openPostgresTestDatabase>> | undefined;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    opened = await openPostgresTestDatabase();
    handle = opened.handle;
  });
  afterAll(async () => {
    await opened?.close();
  });

  const backend = async () =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]?.pid;

  test("a query after 11 s idle runs on the connection the one before used", async () => {
    const before = await backend();
    expect(before).toBeTypeOf("number");
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    expect(await backend()).toBe(before);
  }, 20_000);
});
