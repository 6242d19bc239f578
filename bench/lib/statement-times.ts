import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";

/**
 * The SQL a ReRide process on SQLite runs on its request thread, statement by
 * statement (`npm run bench:write-cost -- --statements`): the process is
 * started with statement-times.mjs preloaded, and each `take` asks it for what
 * it counted since the last one.
 */

export interface StatementTime {
  sql: string;
  calls: number;
  ms: number;
}

export interface StatementTimes {
  /** The environment that preloads the probe into the server. */
  env: Record<string, string>;
  /** The statements run since the last take (or the start). */
  take(pid: number): Promise<StatementTime[]>;
  close(): void;
}

const PROBE = path.join(import.meta.dirname, "statement-times.mjs");

export function statementTimes(): StatementTimes {
  const folder = mkdtempSync(path.join(tmpdir(), "reride-statements-"));
  const file = path.join(folder, "statements.json");
  return {
    env: {
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ""} --import ${pathToFileURL(PROBE).href}`.trim(),
      STATEMENT_TIMES_FILE: file,
    },
    async take(pid) {
      rmSync(file, { force: true });
      process.kill(pid, "SIGUSR2");
      for (let waited = 0; !existsSync(file); waited += 20) {
        if (waited > 5_000) throw new Error("the server wrote no statement times");
        await sleep(20);
      }
      return JSON.parse(readFileSync(file, "utf8")) as StatementTime[];
    },
    close: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** The statements that took the most time, per write: "0.43 ms  1.0×  commit". */
export function describeStatements(
  statements: StatementTime[],
  writes: number,
  top = 10,
): string[] {
  const total = statements.reduce((sum, one) => sum + one.ms, 0);
  const lines = [...statements]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top)
    .map((one) => {
      const sql = one.sql.length > 110 ? `${one.sql.slice(0, 107)}...` : one.sql;
      return `      ${(one.ms / writes).toFixed(3)} ms  ${(one.calls / writes).toFixed(1)}×  ${sql}`;
    });
  return [
    `    SQLite on the request thread: ${(total / writes).toFixed(2)} ms a write, most of it in`,
    ...lines,
  ];
}
