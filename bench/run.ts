import path from "node:path";
import { type AnatomyRow, measureAnatomy } from "./lib/anatomy";
import { measureBundle } from "./lib/bundle";
import {
  type BenchDatabase,
  type DbKind,
  postgresReachable,
  prepareDatabase,
} from "./lib/databases";
import { type HttpSuiteResult, runHttpSuite } from "./lib/http-suite";
import { type LighthouseRow, lighthouse, lighthousePages } from "./lib/lighthouse";
import { busyNeighbours, describeMachine } from "./lib/machine";
import { type Options, parseOptions, USAGE } from "./lib/options";
import { ROOT } from "./lib/processes";
import { type Results, writeResults } from "./lib/report";
import { startReRide } from "./lib/reride";
import { measureScale, type ScaleRow } from "./lib/scale";
import { measureSpeed } from "./lib/speed";
import {
  clientTargets,
  clusterTargets,
  httpTargets,
  mixedTargets,
  scaleTargets,
} from "./lib/targets";
import { ensureChromium, ensureWrk } from "./lib/tools";

/**
 * `npm run bench`: ReRide against the limit, the bare query and Express on
 * generated data, per-query cost from 10,000 to 1,000,000 bikes, the client's
 * weight and Lighthouse; results in bench/results/latest.{md,json}.
 * See bench/README.md for how to read them.
 */

// The app's code this process runs itself (per-query timings, the anatomy) runs as in
// production: outside it, each statement compiled once is also built again to check it
// (src/server/db/compiled-once.ts), which is not what a server pays.
process.env.NODE_ENV = "production";
const started = Date.now();
const log = (line: string) => {
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(
    `[${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}] ${line}\n`,
  );
};

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const notes: string[] = [];
  ensureWrk(log);
  const chromium = options.lighthouse ? ensureChromium(log) : null;
  if (options.lighthouse && !chromium) notes.push("Lighthouse skipped: Chromium is not installed.");

  const dbs = await reachableDatabases(options, notes);
  const machine = await describeMachine(dbs.includes("postgres") ? options.postgresUrl : null);
  const neighbours = busyNeighbours();
  log(
    `${machine.cores} cores, ${machine.cpu}, Node ${machine.node}; databases: ${dbs.join(", ")}; sizes: ${options.bikes.join(", ")}`,
  );

  // Only with the HTTP load: a run of per-query timings alone doesn't need wrk.
  const speedBefore = options.scaleOnly ? null : await measureSpeed(log);

  if (!options.scaleOnly) log("Client bundle sizes");
  const bundle = options.scaleOnly ? { rows: null } : measureBundle(log);
  if (bundle.note) notes.push(bundle.note);

  const http: HttpSuiteResult[] = [];
  const scale: ScaleRow[] = [];
  const anatomy: AnatomyRow[] = [];
  let lighthouseDatabase: BenchDatabase | null = null;
  for (const kind of dbs) {
    for (const bikes of options.bikes) {
      const database = await prepareDatabase(kind, bikes, options, log);
      if (!options.scaleOnly && bikes === options.httpAt) {
        log(`HTTP load: ${kind}, ${bikes.toLocaleString("en")} bikes`);
        const suite = await runHttpSuite(database, options, options.logLevel, log);
        http.push(suite);
        lighthouseDatabase ??= database;
        log(`Where a request's time goes: ${kind}, in-process`);
        anatomy.push(...(await measureAnatomy(database, options.quick ? 50 : 200, log)));
      }
      log(`Per-query times: ${kind}, ${bikes.toLocaleString("en")} bikes`);
      scale.push(...(await measureScale(database, options.scaleBudgetMs, log)));
    }
  }

  const lighthouseRows: LighthouseRow[] = [];
  if (chromium && lighthouseDatabase) {
    log("Lighthouse");
    lighthouseRows.push(...(await runLighthouse(lighthouseDatabase, chromium, options, notes)));
  }

  const speedAfter = speedBefore ? await measureSpeed(log) : null;

  const targets = [
    ...http.flatMap(httpTargets),
    ...scaleTargets(scale, dbs),
    ...(options.scaleOnly ? [] : clientTargets(bundle.rows, lighthouseRows)),
    ...clusterTargets(http),
    ...mixedTargets(http),
  ];
  for (const suite of http) notes.push(...suite.notes.map((note) => `${suite.db}: ${note}`));
  notes.push(
    `ReRide ran with NODE_ENV=production, LOG_LEVEL=${options.logLevel}, the abuse limits (RATE_LIMIT_*) off, so the booking mix isn't answered 429, and MAX_ACTIVE_BOOKINGS=1000, so it isn't answered 409 BOOKING_LIMIT.`,
  );
  const results: Results = {
    startedAt: new Date(started).toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    options,
    machine,
    speed: speedBefore && speedAfter ? { before: speedBefore, after: speedAfter } : null,
    neighbours,
    http,
    scale,
    anatomy,
    bundle: bundle.rows,
    lighthouse: lighthouseRows,
    targets,
    notes,
  };
  const written = writeResults(results);
  const failed = targets.filter((t) => t.pass === false).length;
  const passed = targets.filter((t) => t.pass === true).length;
  log(
    `${passed} targets met, ${failed} not met, ${targets.length - passed - failed} not measured.`,
  );
  log(`Wrote ${path.relative(ROOT, written.markdown)} and ${path.relative(ROOT, written.json)}`);
}

async function reachableDatabases(options: Options, notes: string[]): Promise<DbKind[]> {
  if (!options.dbs.includes("postgres")) return options.dbs;
  const problem = await postgresReachable(options.postgresUrl);
  if (!problem) return options.dbs;
  notes.push(`PostgreSQL skipped: ${problem} (set --pg-url or BENCH_POSTGRES_URL).`);
  log(`PostgreSQL is not reachable (${problem}): skipping it`);
  return options.dbs.filter((kind) => kind !== "postgres");
}

/** Home, login, a category page signed in, and a bike page when the client has one. */
async function runLighthouse(
  database: BenchDatabase,
  chromium: string,
  options: Options,
  notes: string[],
): Promise<LighthouseRow[]> {
  const reride = await startReRide(database, options.logLevel);
  try {
    // Every page issue 16's targets name, the signed-in ones with the session cookie.
    const pages = await lighthousePages(reride.url, reride.cookie, database.categoryIds.KTM);
    const rows: LighthouseRow[] = [];
    for (const page of pages) {
      try {
        const row = await lighthouse(reride.url, page, chromium);
        log(
          `  ${page.page}: performance ${row.performance}, accessibility ${row.accessibility}, LCP ${Math.round(row.lcpMs)} ms`,
        );
        rows.push(row);
      } catch (error) {
        notes.push(
          `Lighthouse on ${page.page} failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
        );
      }
    }
    return rows;
  } finally {
    await reride.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
