import { parseArgs } from "node:util";
import type { DbKind } from "./databases";

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
  --log-level LEVEL       ReRide's LOG_LEVEL (default warn: the comparison servers don't log per request)`;

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
  if (!bikes.includes(httpAt)) bikes.push(httpAt);
  return {
    bikes: [...new Set(bikes)].sort((a, b) => a - b),
    httpAt,
    dbs: [...new Set(dbs)],
    seconds: values.seconds ? positive(values.seconds, "seconds") : quick ? 3 : 4,
    rounds: values.rounds ? positive(values.rounds, "rounds") : quick ? 2 : 3,
    warmupSeconds: quick ? 1 : 2,
    connections: values.connections ? positive(values.connections, "connections") : 50,
    scaleBudgetMs: quick ? 1000 : 2000,
    lighthouse: !quick && values["no-lighthouse"] !== true,
    postgresUrl:
      values["pg-url"] ??
      process.env.BENCH_POSTGRES_URL ??
      "postgres://postgres@127.0.0.1:5432/postgres",
    logLevel: values["log-level"] ?? "warn",
    quick,
  };
}
