import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import SQLite from "better-sqlite3";
import pg from "pg";

/** What the figures were measured on: they mean little without it. */
export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  loadAverage: number[];
  wrk: string;
  sqlite: string;
  postgres: string | null;
}

export async function describeMachine(postgresUrl: string | null): Promise<Machine> {
  const sqlite = new SQLite(":memory:");
  const sqliteVersion = (sqlite.prepare("select sqlite_version() as v").get() as { v: string }).v;
  sqlite.close();
  let postgres: string | null = null;
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    try {
      await client.connect();
      postgres =
        (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]
          ?.v ?? null;
    } catch {
      postgres = null;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? "unknown",
    cores: os.cpus().length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    // "wrk debian/4.1.0-3+b2 [epoll] Copyright (C) …" → "wrk debian/4.1.0-3+b2 [epoll]"
    wrk: firstLine("wrk", ["-v"]).replace(/\s+Copyright.*$/, ""),
    sqlite: sqliteVersion,
    postgres,
  };
}

function firstLine(command: string, args: string[]): string {
  try {
    // wrk -v prints its version and usage, and exits 1.
    return (
      execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
        .split("\n")[0]
        ?.trim() ?? ""
    );
  } catch (error) {
    const out = (error as { stdout?: string }).stdout ?? "";
    return out.split("\n")[0]?.trim() ?? "unknown";
  }
}

/** Other sessions' test runs on the same cores skew every figure: say so in the report. */
export function busyNeighbours(): string[] {
  try {
    const out = execFileSync("ps", ["-eo", "pid,ppid,pcpu,args", "--sort=-pcpu"], {
      encoding: "utf8",
    });
    const rows = out
      .split("\n")
      .slice(1)
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .map((line) => {
        const [pid = "", ppid = "", cpu = "", ...args] = line.split(/\s+/);
        return { pid, ppid, cpu: Number(cpu), shown: [pid, cpu, ...args].join(" ") };
      });
    // The bench's own processes are not neighbours: tsx's esbuild service, started to
    // load the bench itself, showed as one at 21% in a record.
    const own = new Set([String(process.pid)]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of rows) {
        if (!own.has(row.pid) && own.has(row.ppid)) {
          own.add(row.pid);
          grew = true;
        }
      }
    }
    return rows
      .filter((row) => row.cpu >= 20 && !own.has(row.pid))
      .map((row) => row.shown)
      .slice(0, 5);
  } catch {
    return [];
  }
}

export const chromiumCandidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

export function chromiumPath(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return chromiumCandidates.find((candidate) => existsSync(candidate)) ?? null;
}
