/**
 * Crash test (issue 6, point 4): writes a stream of listings, bookings,
 * cancellations and deletions to the real server, SIGKILLs it mid-stream
 * again and again, restarts it on the same data, then checks that every
 * write answered 2xx is there and that every rule of the data holds.
 *
 *   node --import tsx bench/crash-test.ts --db sqlite|postgres [--crashes 10] [--workers 6] [--stream-ms 500-2500]
 *
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * Exits 1 when anything answered 2xx is missing or a rule is broken.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Database } from "#src/server/env";
import { runCrashDrill } from "#tests/support/crash-drill";
import { startServerProcess } from "#tests/support/server-process";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    crashes: { type: "string", default: "10" },
    workers: { type: "string", default: "6" },
    "stream-ms": { type: "string", default: "500-2500" },
  },
});
const dialect = values.db;
if (dialect !== "sqlite" && dialect !== "postgres") {
  process.stderr.write("--db must be sqlite or postgres\n");
  process.exit(2);
}
const [min = 500, max = 2500] = (values["stream-ms"] ?? "").split("-").map(Number);

const dataDir = mkdtempSync(path.join(tmpdir(), "reride-crash-"));
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `reride_crash_${randomBytes(4).toString("hex")}`;
let databaseUrl: string | undefined;
let database: Database = { dialect: "sqlite", file: path.join(dataDir, "reride.sqlite") };

async function onServer(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

if (dialect === "postgres") {
  await onServer(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  database = { dialect: "postgres", url: databaseUrl };
}

const started = Date.now();
let exitCode = 0;
try {
  const result = await runCrashDrill({
    start: () => startServerProcess({ dataDir, databaseUrl }),
    database,
    crashes: Number(values.crashes),
    workers: Number(values.workers),
    streamMs: [min, max],
    log: (line) => process.stdout.write(`  ${line}\n`),
  });
  const acked = result.acknowledged;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    [
      `crash test on ${dialect}: ${seconds} s`,
      `  crashes survived:   ${result.crashes} (SIGKILL mid-stream, restart on the same data)`,
      `  requests tried:     ${result.requests}`,
      `  answered 2xx:       ${acked.listings} listings, ${acked.bookings} bookings, ${acked.cancellations} cancellations, ${acked.deletions} deletions`,
      `  cut off by a crash: ${result.inDoubt} (either outcome allowed)`,
      `  writes verified:    ${result.verified} listings and bookings as answered`,
      `  violations:         ${result.violations.length === 0 ? "none" : ""}`,
      ...result.violations.map((violation) => `    - ${violation}`),
      "",
    ].join("\n"),
  );
  if (result.violations.length > 0) exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (dialect === "postgres")
    await onServer(`drop database if exists ${databaseName} with (force)`);
}
process.exit(exitCode);
