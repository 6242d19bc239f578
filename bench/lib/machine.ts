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
    const out = execFileSync("ps", ["-eo", "pid,pcpu,args", "--sort=-pcpu"], { encoding: "utf8" });
    return out
      .split("\n")
      .slice(1)
      .map((line) => line.trim())
      .filter((line) => {
        const cpu = Number(line.split(/\s+/)[1]);
        return cpu >= 20 && !line.includes(String(process.pid));
      })
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
