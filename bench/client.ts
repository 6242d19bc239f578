import { parseArgs } from "node:util";
import { measureBundle } from "./lib/bundle";
import { DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { type LighthouseRow, lighthouse, lighthousePages } from "./lib/lighthouse";
import { startReRide } from "./lib/reride";
import { ensureChromium } from "./lib/tools";

/**
 * `npm run bench:client`: only the client part of the benchmark — bundle
 * sizes per route and Lighthouse on issue 5's pages — several times over, so
 * the spread of the simulated figures shows. Minutes instead of the full
 * run's quarter hour; ReRide runs on a generated SQLite database.
 */

const USAGE = `npm run bench:client -- [options]
  --runs N      Lighthouse runs per page (default 3); the table shows median and range
  --bikes N     size of the generated SQLite database (default 10000)`;

const log = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "3" },
      bikes: { type: "string", default: "10000" },
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
  const place = { postgresUrl: "", dataDir: DEFAULT_DATA_DIR, pgPrefix: DEFAULT_PG_PREFIX };
  const database = await prepareDatabase("sqlite", bikes, place, log);
  const reride = await startReRide(database, "warn");
  try {
    const pages = await lighthousePages(reride.url, reride.cookie, database.categoryIds.KTM);
    const rows: LighthouseRow[][] = [];
    for (const page of pages) {
      const runsOfPage: LighthouseRow[] = [];
      for (let run = 1; run <= runs; run++) {
        const row = await lighthouse(reride.url, page, chromium);
        log(
          `  ${page.page} #${run}: performance ${row.performance}, accessibility ${row.accessibility}, LCP ${Math.round(row.lcpMs)} ms, TBT ${Math.round(row.tbtMs)} ms${row.finalPath === page.path ? "" : `, ended at ${row.finalPath}`}${row.opportunities.length ? ` (${row.opportunities.join(", ")})` : ""}`,
        );
        runsOfPage.push(row);
      }
      rows.push(runsOfPage);
    }
    log(`\nLighthouse, ${runs} run(s) per page: median (min–max)\n`);
    log("| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |");
    log("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const runsOfPage of rows) {
      const first = runsOfPage[0];
      if (!first) continue;
      const spread = (pick: (row: LighthouseRow) => number, format: (n: number) => string) => {
        const values = runsOfPage.map(pick).sort((a, b) => a - b);
        const median = values[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
        const low = values[0] ?? Number.NaN;
        const high = values[values.length - 1] ?? Number.NaN;
        return low === high ? format(median) : `${format(median)} (${format(low)}–${format(high)})`;
      };
      const whole = (n: number) => String(Math.round(n));
      log(
        `| ${first.page} | ${spread((r) => r.performance, whole)} | ${spread((r) => r.accessibility, whole)} | ${spread((r) => r.bestPractices, whole)} | ${spread((r) => r.seo, whole)} | ${spread(
          (r) => r.lcpMs,
          (n) => `${(n / 1000).toFixed(2)} s`,
        )} | ${spread(
          (r) => r.cls,
          (n) => n.toFixed(3),
        )} | ${spread(
          (r) => r.tbtMs,
          (n) => `${Math.round(n)} ms`,
        )} |`,
      );
    }
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
