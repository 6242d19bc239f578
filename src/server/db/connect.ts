import { sql } from "kysely";
import type { Database as DatabaseConfig } from "../env";
import type { DatabaseHandle } from "./database";
import { databaseFault } from "./errors";
import { StartupError } from "./startup-error";

const FIRST_PAUSE_MS = 250;
const LONGEST_PAUSE_MS = 5_000;

/**
 * At start, PostgreSQL may not be up yet (a compose file or an orchestrator
 * starting everything at once): say so in one line, then try again with
 * growing pauses for up to `timeoutMs` before giving up with a sentence.
 * A refusal that waiting won't cure (a wrong password, no such database)
 * stops the start at once. SQLite is a file: nothing to wait for.
 */
export async function waitForDatabase(
  database: DatabaseHandle,
  config: DatabaseConfig,
  timeoutMs: number,
  say: (line: string) => void,
): Promise<void> {
  if (config.dialect !== "postgres") return;
  const where = serverOf(config.url);
  const deadline = Date.now() + timeoutMs;
  for (let pause = FIRST_PAUSE_MS, attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(database.db);
      if (attempt > 1) say(`Reached PostgreSQL at ${where}.`);
      return;
    } catch (error) {
      const reason = reasonOf(error);
      if (databaseFault(error) !== "unavailable") {
        throw new StartupError(`ReRide can't use PostgreSQL at ${where}: ${reason}.`);
      }
      if (Date.now() + pause > deadline) {
        throw new StartupError(
          `ReRide gave up reaching PostgreSQL at ${where} after ${Math.round(timeoutMs / 1000)} s (DATABASE_CONNECT_TIMEOUT): ${reason}.`,
        );
      }
      if (attempt === 1) {
        say(
          `ReRide can't reach PostgreSQL at ${where} (${reason}); trying again for up to ${Math.round(timeoutMs / 1000)} s.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}

/** host:port, never the password. */
function serverOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
}

/** The driver's own words; a refused connection to several addresses comes as an AggregateError. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors[0] instanceof Error) {
    return error.errors[0].message;
  }
  return error instanceof Error && error.message ? error.message : String(error);
}
