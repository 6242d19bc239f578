import path from "node:path";
import { parseArgs } from "node:util";
import { type DbKind, DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX } from "./databases";

/** `npm run bench -- [options]`: see bench/README.md. */
export interface Options {
  bikes: number[];
  /** The size the HTTP load runs at (the smallest of `bikes` unless chosen). */
  httpAt: number;
  dbs: DbKind[];
  seconds: number;
  rounds: number;
  warmupSeconds: number;
  connections: number;
  /** In-process timing budget per query and size. */
  scaleBudgetMs: number;
  lighthouse: boolean;
  postgresUrl: string;
  logLevel: string;
  quick: boolean;
  /** Only the per-query timings: no HTTP load, bundle sizes or Lighthouse. */
  scaleOnly: boolean;
  /** Where generated SQLite databases are kept. */
  dataDir: string;
  /** PostgreSQL databases are named <prefix><bikes>. */
  pgPrefix: string;
}

export const USAGE = `npm run bench -- [options]
  --bikes 10000,1000000   database sizes (per-query timings at each; default both)
  --db sqlite,postgres    databases (PostgreSQL is skipped with a note when unreachable)
  --http-at N             size the HTTP load runs at (default: the smallest)
  --quick                 10,000 bikes, 3 s × 2 rounds, no Lighthouse: a smoke run
  --seconds N             seconds per wrk run (default 4)
  --rounds N              interleaved rounds (default 3)
  --connections N         wrk connections (default 50)
  --no-lighthouse         skip Lighthouse
  --pg-url URL            PostgreSQL server (default $BENCH_POSTGRES_URL, $BENCH_DATABASE_URL
                          or postgres://postgres@127.0.0.1:5432/postgres)
  --log-level LEVEL       ReRide's LOG_LEVEL (default warn: the comparison servers don't log per request)
  --scale-only            only the per-query timings (no HTTP load, bundle sizes or Lighthouse)
  --data-dir DIR          where generated SQLite databases are kept (default $BENCH_DATA_DIR
                          or node_modules/.cache/reride-bench)
  --pg-prefix NAME        PostgreSQL databases are named NAME<bikes> (default $BENCH_PG_PREFIX
                          or reride_bench_; lower-case letters, digits and _)`;

const positive = (raw: string, name: string) => {
  const value = Number(raw.replaceAll("_", ""));
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a whole number above 0`);
  return value;
};

export function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      bikes: { type: "string" },
      db: { type: "string" },
      "http-at": { type: "string" },
      quick: { type: "boolean", default: false },
      seconds: { type: "string" },
      rounds: { type: "string" },
      connections: { type: "string" },
      "no-lighthouse": { type: "boolean", default: false },
      "pg-url": { type: "string" },
      "log-level": { type: "string" },
      "scale-only": { type: "boolean", default: false },
      "data-dir": { type: "string" },
      "pg-prefix": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  const quick = values.quick === true;
  const bikes = (values.bikes ?? (quick ? "10000" : "10000,1000000"))
    .split(",")
    .map((size) => positive(size.trim(), "bikes"))
    .sort((a, b) => a - b);
  const dbs = (values.db ?? "sqlite,postgres").split(",").map((name) => {
    const kind = name.trim();
    if (kind !== "sqlite" && kind !== "postgres") throw new Error(`--db: unknown database ${kind}`);
    return kind;
  });
  const httpAt = values["http-at"] ? positive(values["http-at"], "http-at") : (bikes[0] ?? 10_000);
  const scaleOnly = values["scale-only"] === true;
  if (!scaleOnly && !bikes.includes(httpAt)) bikes.push(httpAt);
  const pgPrefix = values["pg-prefix"] ?? process.env.BENCH_PG_PREFIX ?? DEFAULT_PG_PREFIX;
  // The prefix becomes part of a database name written into SQL unquoted by a driver.
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(pgPrefix)) {
    throw new Error(
      "--pg-prefix: lower-case letters, digits and _ only, not starting with a digit",
    );
  }
  return {
    bikes: [...new Set(bikes)].sort((a, b) => a - b),
    httpAt,
    dbs: [...new Set(dbs)],
    seconds: values.seconds ? positive(values.seconds, "seconds") : quick ? 3 : 4,
    rounds: values.rounds ? positive(values.rounds, "rounds") : quick ? 2 : 3,
    warmupSeconds: quick ? 1 : 2,
    connections: values.connections ? positive(values.connections, "connections") : 50,
    scaleBudgetMs: quick ? 1000 : 2000,
    lighthouse: !quick && !scaleOnly && values["no-lighthouse"] !== true,
    postgresUrl:
      values["pg-url"] ??
      process.env.BENCH_POSTGRES_URL ??
      "postgres://postgres@127.0.0.1:5432/postgres",
    logLevel: values["log-level"] ?? "warn",
    quick,
    scaleOnly,
    dataDir: path.resolve(values["data-dir"] ?? process.env.BENCH_DATA_DIR ?? DEFAULT_DATA_DIR),
    pgPrefix,
  };
}
