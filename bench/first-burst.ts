import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDatabase } from "#src/server/db/database";
import { type DbKind, DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { median } from "./lib/load";
import { readWhileWriting, writeKinds } from "./lib/mixed";
import { startReRide } from "./lib/reride";
import { wrk } from "./lib/wrk";

/**
 * The first burst of writes on a freshly started ReRide: the signed-in
 * category page read at full speed by wrk while other users write at 200
 * writes/s (the mixed workload's writers), first on processes that have only
 * served reads since they started, then again, and again. The first run
 * meets whatever a process leaves to be done when writes first need it
 * (code run for the first time, PostgreSQL backends' first statements and
 * triggers); the later ones don't. The figure is the first run's reads over the median of the later
 * ones, per fresh start, so the machine's speed cancels out; `--starts`
 * fresh starts, and the median of their ratios.
 *
 *   npm run bench:first-burst                    # PostgreSQL, two processes, 5 starts
 *   npm run bench:first-burst -- --db sqlite --processes 1 --starts 3
 *   npm run bench:first-burst -- --bursts 8     # how many runs until the reads settle
 */
const { values } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    processes: { type: "string", default: "2" },
    starts: { type: "string", default: "5" },
    rate: { type: "string", default: "200" },
    seconds: { type: "string", default: "4" },
    bursts: { type: "string", default: "3" },
    "pg-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});
const kind = values.db as DbKind;
if (kind !== "sqlite" && kind !== "postgres") throw new Error("--db is sqlite or postgres");
const processes = Number(values.processes);
const starts = Number(values.starts);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const bursts = Number(values.bursts);
// The figure is the first run over the ones after it: at least one must follow.
if (!Number.isInteger(bursts) || bursts < 2)
  throw new Error("--bursts is a whole number, 2 or more");
const CONNECTIONS = 50;

const database = await prepareDatabase(
  kind,
  10_000,
  { dataDir: DEFAULT_DATA_DIR, pgPrefix: DEFAULT_PG_PREFIX, postgresUrl: values["pg-url"] },
  (line) => process.stdout.write(`${line}\n`),
);

/** The bench database's connections (PostgreSQL), to show the pools growing. */
async function connections(): Promise<number | null> {
  if (kind !== "postgres") return null;
  const handle = openDatabase(database.config);
  try {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(handle.db);
    return rows[0]?.n ?? null;
  } finally {
    await handle.close();
  }
}

const ratios: number[] = [];
for (let start = 1; start <= starts; start++) {
  const reride = await startReRide(database, "warn", { processes });
  try {
    const url = `${reride.url}/api/categories/${database.categoryIds.KTM}/bikes`;
    const headers = { Cookie: reride.cookie };
    const { kinds } = await writeKinds(database, reride);
    try {
      // Reads only, as a server serves before its first write: every cache and statement a read needs.
      const warm = await wrk({ url, seconds: 2, connections: CONNECTIONS, headers });
      const atStart = await connections();
      const runs: string[] = [];
      const reads: number[] = [];
      for (let burst = 1; burst <= bursts; burst++) {
        const [read, writes] = await readWhileWriting(
          { url, seconds, connections: CONNECTIONS, headers },
          rate,
          kinds,
        );
        reads.push(read.requestsPerSecond);
        runs.push(
          `${Math.round(read.requestsPerSecond)}/s p99 ${Math.round(read.p99Ms)} ms (${Math.round(writes.perSecond)} w/s, ${writes.skipped} not sent)`,
        );
      }
      const [first, ...later] = reads;
      const ratio = (first ?? 0) / median(later);
      ratios.push(ratio);
      const grown = kind === "postgres" ? `, connections ${atStart} → ${await connections()}` : "";
      console.log(
        `start ${start}: write-free ${Math.round(warm.requestsPerSecond)}/s · ${runs.join(" · ")}; first ÷ later ${ratio.toFixed(2)}${grown}`,
      );
    } finally {
      for (const writeKind of kinds) await writeKind.cleanUp?.();
    }
  } finally {
    await reride.stop();
  }
}
console.log(
  `${kind}, ${processes} process(es), ${rate} writes/s: the first burst's reads are ${median(ratios).toFixed(2)}× the later bursts' (median of ${starts} fresh starts; ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
);
