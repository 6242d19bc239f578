import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./processes";

/**
 * Lighthouse (the npm package's CLI) with Debian's Chromium, headless, on
 * its default mobile emulation and simulated slow-4G throttling: the four
 * category scores and LCP, CLS, TBT of one page load.
 */

const run = promisify(execFile);
const CLI = path.join(ROOT, "node_modules/lighthouse/cli/index.js");
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
].join(" ");

export interface LighthousePage {
  page: string;
  path: string;
  /** The signed-in pages get the session cookie as an extra header. */
  cookie?: string;
}

export interface LighthouseRow {
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
}

interface Report {
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string }> }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; details?: { overallSavingsMs?: number } }
  >;
  runtimeError?: { message: string };
}

export async function lighthouse(
  baseUrl: string,
  page: LighthousePage,
  chromePath: string,
): Promise<LighthouseRow> {
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
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Issue 5's pages: home, login, a category page and a bike page, the last two signed in. */
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
  return pages;
}
