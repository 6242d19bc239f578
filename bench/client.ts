import path from "node:path";
import { parseArgs } from "node:util";
import { measureBundle } from "./lib/bundle";
import { DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { type LighthouseRow, lighthouse, lighthousePages, spread } from "./lib/lighthouse";
import { startReRide } from "./lib/reride";
import { clientTargets } from "./lib/targets";
import { ensureChromium } from "./lib/tools";

/**
 * `npm run bench:client`: only the client part of the benchmark — bundle
 * sizes per route and Lighthouse on the measured pages — several times over,
 * so the spread of the simulated figures shows, and the client's targets
 * judged as `npm run bench` judges them (exit code 1 when one fails). Minutes instead of the full
 * run's quarter hour; ReRide runs on a generated SQLite database.
 */

const USAGE = `npm run bench:client -- [options]
  --runs N      Lighthouse runs per page (default 3); the table shows median and range
  --bikes N     size of the generated SQLite database (default 10000)
  --data-dir D  where the generated SQLite database is kept (default $BENCH_DATA_DIR or
                node_modules/.cache/reride-bench)`;

const log = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      bikes: { type: "string", default: "10000" },
      "data-dir": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  const runs = Number(values.runs);
  const bikes = Number(values.bikes);
  if (values.help || !(runs >= 1) || !(bikes >= 100)) {
    log(USAGE);
    return;
  }

  log("Bundle: what a first visit to each route downloads (gzip -9)");
  const bundle = measureBundle(log);
  for (const row of bundle.rows ?? []) {
    log(
      `  ${row.route.padEnd(14)} JS ${kb(row.jsGzip)} (budget ${kb(row.jsBudgetGzip)}), CSS ${kb(row.cssGzip)}${row.pass ? "" : "  OVER BUDGET"}`,
    );
  }
  if (bundle.note) log(bundle.note);

  const chromium = ensureChromium(log);
  if (!chromium) throw new Error("Chromium is not installed: Lighthouse can't run.");
  // SQLite only: the PostgreSQL URL is never used.
  const place = {
    postgresUrl: "",
    dataDir: path.resolve(values["data-dir"] ?? process.env.BENCH_DATA_DIR ?? DEFAULT_DATA_DIR),
    pgPrefix: DEFAULT_PG_PREFIX,
  };
  const database = await prepareDatabase("sqlite", bikes, place, log);
  const reride = await startReRide(database, "warn");
  try {
    const pages = await lighthousePages(reride.url, reride.cookie, database.categoryIds.KTM);
    const rows: LighthouseRow[] = [];
    for (const page of pages)
      rows.push(await lighthouse(reride.url, page, chromium, { runs, log }));
    log(`\nLighthouse, ${runs} run(s) per page: median (min–max)\n`);
    log(
      "| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | retried |",
    );
    log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    const whole = (n: number) => String(Math.round(n));
    for (const row of rows) {
      log(
        `| ${row.page} | ${spread(row, (r) => r.performance, whole)} | ${spread(row, (r) => r.accessibility, whole)} | ${spread(row, (r) => r.bestPractices, whole)} | ${spread(row, (r) => r.seo, whole)} | ${spread(
          row,
          (r) => r.lcpMs,
          (n) => `${(n / 1000).toFixed(2)} s`,
        )} | ${spread(
          row,
          (r) => r.cls,
          (n) => n.toFixed(3),
        )} | ${spread(
          row,
          (r) => r.tbtMs,
          (n) => `${Math.round(n)} ms`,
        )} | ${row.retried.length ? row.retried.join("; ") : "–"} |`,
      );
    }
    const targets = clientTargets(bundle.rows, rows);
    log("\nTargets (as `npm run bench` judges them)\n");
    for (const target of targets) {
      const verdict = target.pass === null ? "not measured" : target.pass ? "pass" : "FAIL";
      log(`  ${verdict.padEnd(12)} ${target.area}: ${target.target} — ${target.measured}`);
    }
    if (targets.some((target) => target.pass === false)) process.exitCode = 1;
  } finally {
    await reride.stop();
  }
}

function kb(bytes: number) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:client failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
