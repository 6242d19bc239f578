import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AnatomyRow } from "./anatomy";
import type { BundleRow } from "./bundle";
import type { HttpSuiteResult } from "./http-suite";
import type { LighthouseRow } from "./lighthouse";
import { pairedRatio } from "./load";
import type { Machine } from "./machine";
import type { Options } from "./options";
import { ROOT } from "./processes";
import type { ScaleRow } from "./scale";
import type { Target } from "./targets";

/** Everything one run measured: bench/results/latest.json, and the table in latest.md. */
export interface Results {
  startedAt: string;
  durationSeconds: number;
  options: Options;
  machine: Machine;
  /** req/s of a fixed body before and after the run (lib/speed.ts); null without HTTP load. */
  speed: { before: number[]; after: number[] } | null;
  /** Other processes busy on the same cores when the run started. */
  neighbours: string[];
  http: HttpSuiteResult[];
  scale: ScaleRow[];
  anatomy: AnatomyRow[];
  bundle: BundleRow[] | null;
  lighthouse: LighthouseRow[];
  targets: Target[];
  notes: string[];
}

export const RESULTS_DIR = path.join(ROOT, "bench/results");

export function writeResults(results: Results): { markdown: string; json: string } {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const markdown = path.join(RESULTS_DIR, "latest.md");
  const json = path.join(RESULTS_DIR, "latest.json");
  writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(markdown, render(results));
  return { markdown, json };
}

const n = (value: number) => Math.round(value).toLocaleString("en");
const ms = (value: number) =>
  Number.isNaN(value) ? "–" : value < 10 ? value.toFixed(2) : value.toFixed(1);
const verdict = (pass: boolean | null) =>
  pass === null ? "not measured" : pass ? "**pass**" : "**FAIL**";

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export function render(r: Results): string {
  const m = r.machine;
  const out: string[] = [];
  out.push("# ReRide benchmark — latest run", "");
  out.push(
    `${r.startedAt}, ${Math.round(r.durationSeconds / 60)} min. Machine: ${m.cores} cores (${m.cpu}), ` +
      `${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, SQLite ${m.sqlite}, PostgreSQL ${m.postgres ?? "–"}, ${m.wrk}. ` +
      `Load average at start: ${m.loadAverage.join(", ")}.`,
    "",
    `wrk: 1 thread, ${r.options.connections} connections, ${r.options.seconds} s per run, ` +
      `${r.options.rounds} interleaved rounds (A B C D, B C D A, …), medians shown. ` +
      "Load generator and servers share the cores; read the ratios, not the absolute figures (bench/README.md).",
    "",
  );
  if (r.speed) {
    const runs = (values: number[]) => values.map(n).join(" and ");
    out.push(
      `The machine's speed: a node:http server with a fixed 11-byte body answered ${runs(r.speed.before)} req/s before the run and ${runs(r.speed.after)} after it (wrk as above, 4 s each). ` +
        "Figures of two runs compare only when these do.",
      "",
    );
  }
  if (r.neighbours.length > 0) {
    out.push("Busy neighbours when the run started (other work on the same cores):", "");
    for (const line of r.neighbours) out.push(`    ${line.slice(0, 140)}`);
    out.push("");
  }

  out.push("## Targets (issue 5)", "");
  out.push(
    table(
      ["area", "target", "measured", "verdict"],
      r.targets.map((t) => [t.area, t.target, t.measured, verdict(t.pass)]),
    ),
  );
  out.push("");

  for (const suite of r.http) {
    out.push(`## HTTP: ${suite.db}, ${suite.bikes.toLocaleString("en")} bikes`, "");
    out.push(
      `Category-page answer: ${n(suite.categoryBodyBytes)} bytes (the limit server sends the same bytes).`,
      "",
    );
    const rows = suite.measured.map((measured) => {
      const reride = suite.measured.find(
        (x) => x.endpoint === measured.endpoint && x.contender === "ReRide",
      );
      const relative =
        measured.contender === "ReRide" || !reride ? "1" : pairedRatio(reride, measured).toFixed(2);
      const statuses = measured.rounds.map((round) => round.statuses).filter(Boolean);
      return [
        measured.endpoint,
        measured.contender,
        n(measured.median.requestsPerSecond),
        ms(measured.median.p50Ms),
        ms(measured.median.p99Ms),
        relative,
        measured.rounds.map((round) => n(round.requestsPerSecond)).join(" / "),
        measured.errors === 0
          ? ""
          : `${measured.errors} errors${statuses.length ? ` (${statuses.join("; ")})` : ""}`,
      ];
    });
    out.push(
      table(
        [
          "endpoint",
          "server",
          "req/s (median)",
          "p50 ms",
          "p99 ms",
          "ReRide ÷ this",
          "rounds req/s",
          "notes",
        ],
        rows,
      ),
    );
    out.push("");
    if (suite.mixed.length > 0) {
      out.push(
        `### Mixed workload: reads while other users write (${suite.db})`,
        "",
        "Each read endpoint at full speed (wrk, as above) while other users write at a fixed rate " +
          "(wishlist hearts, bookings and cancels, new listings, messages to sellers), interleaved with the write-free run " +
          "round by round, after one run of reads and writes at the highest rate per server. Kept: req/s at that rate ÷ write-free req/s, median of the rounds' ratios.",
        "",
      );
      out.push(
        table(
          [
            "server",
            "endpoint",
            "writes/s asked",
            "writes/s made",
            "write p99 ms",
            "req/s (median)",
            "p99 ms",
            "kept",
            "rounds req/s",
            "notes",
          ],
          suite.mixed.map((row) => {
            const made = row.writes.map((w) => w.perSecond);
            const failed = row.writes.reduce((sum, w) => sum + w.failed, 0);
            const skipped = row.writes.reduce((sum, w) => sum + w.skipped, 0);
            return [
              row.server,
              row.endpoint,
              String(row.rate),
              row.rate === 0 ? "–" : made.map((v) => Math.round(v)).join(" / "),
              row.rate === 0 ? "–" : ms(Math.max(...row.writes.map((w) => w.p99Ms))),
              n(row.median.requestsPerSecond),
              ms(row.median.p99Ms),
              `${Math.round(row.kept * 100)}%`,
              row.rounds.map((round) => n(round.requestsPerSecond)).join(" / "),
              [
                row.errors ? `${row.errors} read errors` : "",
                failed ? `${failed} writes refused` : "",
                skipped ? `${skipped} writes not sent (64 unanswered)` : "",
              ]
                .filter(Boolean)
                .join("; "),
            ];
          }),
        ),
      );
      out.push("");
    }
    for (const note of suite.notes) out.push(`- ${note}`);
    if (suite.notes.length > 0) out.push("");
  }

  if (r.scale.length > 0) {
    out.push("## Scale: per-query time, in-process", "");
    out.push(
      "The handlers' own query functions, called back to back on one connection; median and p95 in ms.",
      "",
    );
    const sizes = [...new Set(r.scale.map((row) => row.bikes))].sort((a, b) => a - b);
    const keys = [...new Set(r.scale.map((row) => `${row.db}|${row.query}`))];
    const rows = keys.map((key) => {
      const [db, query] = key.split("|");
      const cells = sizes.map((size) =>
        r.scale.find((row) => row.db === db && row.query === query && row.bikes === size),
      );
      const first = cells[0];
      const last = cells.at(-1);
      const growth =
        first && last && sizes.length > 1 ? `${(last.medianMs / first.medianMs).toFixed(1)}×` : "";
      return [
        db ?? "",
        query ?? "",
        ...cells.map((cell) => (cell ? `${ms(cell.medianMs)} / ${ms(cell.p95Ms)}` : "–")),
        growth,
        last?.detail ?? "",
      ];
    });
    out.push(
      table(
        [
          "db",
          "query",
          ...sizes.map((size) => `${size.toLocaleString("en")} bikes`),
          "growth (median)",
          "detail",
        ],
        rows,
      ),
    );
    out.push("");
  }

  if (r.anatomy.length > 0) {
    out.push("## Where a request's time goes (in-process, one request at a time)", "");
    out.push(
      "The app as bootstrap builds it, called through `app.request()` (no sockets, no @hono/node-server), " +
        "its database wrapped to count the SQL statements each request sends through Kysely (better-auth's session lookup included), " +
        "and its data versions to count their reads, which go to the driver (the versions, a session as stored: " +
        "on PostgreSQL a query each here, shared between requests under load). Uncached: versions that never repeat, " +
        "as the cache-miss server's (bench/lib/missing-versions.ts).",
      "",
    );
    out.push(
      table(
        ["db", "request", "SQL statements", "version reads", "median ms"],
        r.anatomy.map((row) => [
          row.db,
          row.request,
          String(row.statements),
          String(row.versionReads),
          ms(row.medianMs),
        ]),
      ),
    );
    out.push("");
  }

  if (r.bundle) {
    out.push("## Client: what a first visit downloads (gzip -9)", "");
    out.push(
      table(
        ["route", "JS gzip", "JS budget", "CSS gzip", "JS raw", "files", "verdict"],
        r.bundle.map((row) => [
          `${row.route} (${row.path})`,
          `${(row.jsGzip / 1000).toFixed(1)} kB`,
          `${(row.jsBudgetGzip / 1000).toFixed(0)} kB`,
          `${(row.cssGzip / 1000).toFixed(1)} kB`,
          `${(row.jsRaw / 1000).toFixed(1)} kB`,
          String(row.files),
          verdict(row.pass),
        ]),
      ),
    );
    out.push("");
  }

  if (r.lighthouse.length > 0) {
    out.push("## Lighthouse (mobile emulation, simulated throttling, Chromium headless)", "");
    out.push(
      table(
        [
          "page",
          "performance",
          "accessibility",
          "best practices",
          "SEO",
          "LCP",
          "CLS",
          "TBT",
          "ended at",
          "biggest savings (Lighthouse's estimate)",
        ],
        r.lighthouse.map((row) => [
          `${row.page} (${row.path.length > 24 ? `${row.path.slice(0, 24)}…` : row.path})`,
          String(row.performance),
          `${row.accessibility}${row.accessibilityFailures.length ? ` (${row.accessibilityFailures.join(", ")})` : ""}`,
          String(row.bestPractices),
          String(row.seo),
          `${(row.lcpMs / 1000).toFixed(2)} s`,
          row.cls.toFixed(3),
          `${Math.round(row.tbtMs)} ms`,
          row.finalPath.length > 24 ? `${row.finalPath.slice(0, 24)}…` : row.finalPath,
          (row.opportunities ?? []).join(", "),
        ]),
      ),
    );
    out.push("");
  }

  if (r.notes.length > 0) {
    out.push("## Notes", "");
    for (const note of r.notes) out.push(`- ${note}`);
    out.push("");
  }
  return `${out.join("\n")}\n`;
}
