import { afterAll, beforeAll } from "vitest";
import { type ServerProcess, startServerProcess } from "./server-process";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * The real server as a process over a database of its own, started before
 * this file's tests and stopped (its database dropped) after them. Call at
 * the top of a test file; the function returns the running server.
 */
export function serverForThisFile(env: Record<string, string> = {}): () => ServerProcess {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });
  return () => {
    if (!server) throw new Error("the server is not running (beforeAll failed)");
    return server;
  };
}
