import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./processes";

/**
 * Lighthouse (the npm package's CLI) with Debian's Chromium, headless, on
 * its default mobile emulation and simulated slow-4G throttling: the four
 * category scores and LCP, CLS, TBT of a page load, as the median of several
 * runs. A run Lighthouse itself fails (NO_NAVSTART, NO_FCP, a protocol
 * timeout: the tool, not the page) is made again, and said so.
 */

const run = promisify(execFile);
const CLI = path.join(ROOT, "node_modules/lighthouse/cli/index.js");
/** Headless Chromium as this project runs it (the browser tests use the same flags). */
export const CHROME_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CHROME_FLAGS = CHROME_ARGS.join(" ");

export interface LighthousePage {
  page: string;
  path: string;
  /** The signed-in pages get the session cookie as an extra header. */
  cookie?: string;
}

export interface LighthouseRun {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Where the page ended up: a signed-in page that lands on /login wasn't measured signed in. */
  finalPath: string;
  /** Failed audits of the accessibility category, by id: where a score below 100 comes from. */
  accessibilityFailures: string[];
  /** Lighthouse's biggest estimated savings, e.g. "uses-text-compression 1,650 ms": where the time goes. */
  opportunities: string[];
  /** The main thread's longest tasks in the (unthrottled) trace, e.g. "framework-… 84 ms": what TBT is made of. */
  longTasks: string[];
}

/**
 * A page's figures over several runs: each figure is the median of the runs
 * (one run is too noisy on a shared machine), with every run kept for the
 * range, and the runs Lighthouse itself failed and were made again.
 */
export interface LighthouseRow extends LighthouseRun {
  runs: LighthouseRun[];
  /** Lighthouse's own failures that were retried, e.g. "run 2: NO_NAVSTART". */
  retried: string[];
}

interface Report {
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string }> }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      details?: {
        overallSavingsMs?: number;
        items?: Array<{ url?: unknown; duration?: unknown }>;
      };
    }
  >;
  runtimeError?: { message: string };
}

/** One Lighthouse run of one page; throws when Lighthouse itself fails. */
export async function lighthouseOnce(
  baseUrl: string,
  page: LighthousePage,
  chromePath: string,
): Promise<LighthouseRun> {
  const scratch = mkdtempSync(path.join(tmpdir(), "reride-lighthouse-"));
  try {
    const output = path.join(scratch, "report.json");
    const args = [
      CLI,
      `${baseUrl}${page.path}`,
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
      `--chrome-flags=${CHROME_FLAGS}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      "--form-factor=mobile",
    ];
    if (page.cookie) {
      const headers = path.join(scratch, "headers.json");
      writeFileSync(headers, JSON.stringify({ Cookie: page.cookie }));
      args.push(`--extra-headers=${headers}`);
    }
    await run(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: chromePath },
      timeout: 180_000,
      maxBuffer: 16 << 20,
    });
    const report = JSON.parse(readFileSync(output, "utf8")) as Report;
    if (report.runtimeError) throw new Error(report.runtimeError.message);
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    const accessibilityFailures = (report.categories.accessibility?.auditRefs ?? [])
      .map((ref) => ref.id)
      .filter((id) => report.audits[id]?.score === 0);
    const opportunities = Object.entries(report.audits)
      .map(([id, audit]) => [id, audit.details?.overallSavingsMs ?? 0] as const)
      .filter(([, savings]) => savings >= 100)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([id, savings]) => `${id} ${Math.round(savings).toLocaleString("en")} ms`);
    return {
      opportunities,
      page: page.page,
      path: page.path,
      finalPath: report.finalDisplayedUrl ? new URL(report.finalDisplayedUrl).pathname : "",
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: numeric("largest-contentful-paint"),
      cls: numeric("cumulative-layout-shift"),
      tbtMs: numeric("total-blocking-time"),
      accessibilityFailures,
      longTasks: longTasks(report),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Runs per page unless told otherwise: the median of three is what the targets judge. */
export const LIGHTHOUSE_RUNS = 3;
/** Lighthouse's own failures, made again, at most this many times per page. */
const RETRIES = 3;

/**
 * `runs` runs of one page, each retried when Lighthouse itself fails, and
 * their median. `log` hears each run and each retry. Throws only when a page
 * fails more than RETRIES times: that is the page, or the machine, not chance.
 */
export async function lighthouse(
  baseUrl: string,
  page: LighthousePage,
  chromePath: string,
  {
    runs = LIGHTHOUSE_RUNS,
    log = (line: string) => process.stdout.write(`${line}\n`),
  }: { runs?: number; log?: (line: string) => void } = {},
): Promise<LighthouseRow> {
  const done: LighthouseRun[] = [];
  const retried: string[] = [];
  while (done.length < runs) {
    const number = done.length + 1;
    try {
      const run = await lighthouseOnce(baseUrl, page, chromePath);
      done.push(run);
      log(
        `  ${page.page} #${number}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms${run.finalPath === page.path.split("?")[0] ? "" : `, ended at ${run.finalPath}`}${run.longTasks.length ? ` (long tasks: ${run.longTasks.join(", ")})` : ""}`,
      );
    } catch (error) {
      const reason = lighthouseFailure(error);
      if (retried.length >= RETRIES) {
        throw new Error(
          `Lighthouse failed on ${page.page} ${retried.length + 1} times (${[...retried, `run ${number}: ${reason}`].join("; ")})`,
        );
      }
      retried.push(`run ${number}: ${reason}`);
      log(`  ${page.page} #${number}: Lighthouse failed (${reason}); running it again`);
    }
  }
  return medianRow(done, retried);
}

/** The first line of Lighthouse's complaint: its error code when it gives one. */
function lighthouseFailure(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.message}\n${String((error as { stderr?: unknown }).stderr ?? "")}`
      : String(error);
  // "Runtime error encountered: … (NO_NAVSTART)": Lighthouse's code ends its message.
  const code =
    /\(([A-Z][A-Z_]{3,})\)/.exec(text)?.[1] ?? /\b(NO_[A-Z_]+|PROTOCOL_TIMEOUT)\b/.exec(text)?.[1];
  return (
    code ??
    text
      .split("\n")
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 160) ??
    "unknown"
  );
}

/** The middle value (the lower of the two middles for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** "97 (94–99)": the median and, when the runs differ, their range. */
export function spread(
  row: LighthouseRow,
  pick: (run: LighthouseRun) => number,
  format: (n: number) => string,
): string {
  const values = row.runs.map(pick);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const middle = format(pick(row));
  return row.runs.length < 2 || format(low) === format(high)
    ? middle
    : `${middle} (${format(low)}–${format(high)})`;
}

function medianRow(runs: LighthouseRun[], retried: string[]): LighthouseRow {
  const first = runs[0];
  if (!first) throw new Error("no Lighthouse run to take a median of");
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  // The run whose score is the median speaks for the page's lists (savings, long tasks, failures).
  const performance = of((run) => run.performance);
  const typical = runs.find((run) => run.performance === performance) ?? first;
  return {
    ...typical,
    performance,
    accessibility: of((run) => run.accessibility),
    bestPractices: of((run) => run.bestPractices),
    seo: of((run) => run.seo),
    lcpMs: of((run) => run.lcpMs),
    cls: of((run) => run.cls),
    tbtMs: of((run) => run.tbtMs),
    runs,
    retried,
  };
}

/** Lighthouse's "long-tasks" audit: the main thread's tasks over 50 ms, by the script they ran. */
function longTasks(report: Report): string[] {
  const items = report.audits["long-tasks"]?.details?.items ?? [];
  return items.slice(0, 4).map((item) => {
    const url = typeof item.url === "string" ? item.url : "";
    const name = url.startsWith("http") ? (new URL(url).pathname.split("/").pop() ?? url) : url;
    return `${name || "?"} ${Math.round(typeof item.duration === "number" ? item.duration : 0)} ms`;
  });
}

/**
 * The pages issue 16 holds to its targets: issue 5's home, login, a category
 * page and a bike page, and the search and the dashboard; every page behind
 * the login guard is measured signed in.
 */
export async function lighthousePages(
  baseUrl: string,
  cookie: string,
  categoryId: string,
): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = [
    { page: "home", path: "/" },
    { page: "login", path: "/login" },
    { page: "category page", path: `/title/${categoryId}`, cookie },
  ];
  const response = await fetch(`${baseUrl}/api/categories/${categoryId}/bikes`, {
    headers: { cookie },
  });
  const { items } = (await response.json()) as { items: Array<{ id: string }> };
  if (items[0]) pages.push({ page: "bike page", path: `/bikes/${items[0].id}`, cookie });
  pages.push(
    { page: "search", path: "/bikes?q=duke%20390", cookie },
    { page: "dashboard", path: "/dashboard", cookie },
  );
  return pages;
}
