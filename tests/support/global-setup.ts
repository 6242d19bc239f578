import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { onServer, TEST_DATABASE_PREFIX, testServerUrl } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL databases, so teardown drops ours and never a colleague's. */
    testRunId: string;
  }
}

/**
 * With TEST_DATABASE_URL set: check once that the server answers (one clear
 * failure instead of one per file), and after the run drop any database this
 * run left behind (a file that crashed before its afterAll).
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(3).toString("hex");
  project.provide("testRunId", runId);
  const serverUrl = testServerUrl();
  if (!serverUrl) return;
  await onServer(serverUrl, (client) => client.query("select 1"));

  return async () => {
    await onServer(serverUrl, async (client) => {
      const leftovers = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${TEST_DATABASE_PREFIX}${runId}\\_%`],
      );
      for (const { datname } of leftovers.rows) {
        await client.query(`drop database if exists ${datname} with (force)`);
      }
    });
  };
}
