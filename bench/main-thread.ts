import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { SourceMapConsumer } from "source-map-js";
import { DEFAULT_DATA_DIR, DEFAULT_PG_PREFIX, prepareDatabase } from "./lib/databases";
import { CHROME_ARGS, lighthousePages } from "./lib/lighthouse";
import { ROOT } from "./lib/processes";
import { startReRide } from "./lib/reride";
import { ensureChromium } from "./lib/tools";

/**
 * `npm run bench:main-thread`: where the main thread goes after the first
 * paint, by source function. Each page Lighthouse measures is loaded in
 * Chromium with the CPU slowed as Lighthouse simulates a phone (4×), traced
 * with V8's sampling profiler; every task after the first contentful paint
 * that is long at that speed (≥ 50 ms) is listed with the functions its
 * samples fell in, mapped through the build's source maps to ReRide's
 * sources and its dependencies. Lighthouse's TBT says how much; this says
 * what. It builds the client with source maps first (dist/client).
 */

const USAGE = `npm run bench:main-thread -- [options]
  --pages P     comma-separated pages (default: all of Lighthouse's: home, login, category page,
                bike page, search, dashboard)
  --slowdown N  CPU slowdown (default 4, as Lighthouse's mobile profile)
  --top N       functions listed per long task (default 6)`;

const LONG_TASK_MS = 50;
const SETTLE_MS = 5000;

const log = (line: string) => process.stdout.write(`${line}\n`);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: {
    frame?: string;
    data?: {
      documentLoaderURL?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

async function main() {
  const { values } = parseArgs({
    options: {
      pages: { type: "string" },
      slowdown: { type: "string", default: "4" },
      top: { type: "string", default: "6" },
      help: { type: "boolean", default: false },
    },
  });
  const slowdown = Number(values.slowdown);
  const top = Number(values.top);
  if (values.help || !(slowdown >= 1) || !(top >= 1)) {
    log(USAGE);
    return;
  }
  const chromePath = ensureChromium(log);
  if (!chromePath) throw new Error("Chromium is not installed.");
  log("Building the client with source maps…");
  execFileSync(
    process.execPath,
    [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--sourcemap"],
    { cwd: ROOT, stdio: "pipe" },
  );
  const place = { postgresUrl: "", dataDir: DEFAULT_DATA_DIR, pgPrefix: DEFAULT_PG_PREFIX };
  const database = await prepareDatabase("sqlite", 10_000, place, log);
  const reride = await startReRide(database, "warn");
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_ARGS });
  try {
    const wanted = values.pages?.split(",").map((page) => page.trim());
    const pages = (
      await lighthousePages(reride.url, reride.cookie, database.categoryIds.KTM)
    ).filter((page) => !wanted || wanted.includes(page.page));
    const sources = new SourceNames();
    for (const page of pages) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        extraHTTPHeaders: page.cookie ? { cookie: page.cookie } : {},
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
      await browser.startTracing(tab, {
        categories: [
          "devtools.timeline",
          "disabled-by-default-devtools.timeline",
          "v8.execute",
          "disabled-by-default-v8.cpu_profiler",
          "blink.user_timing",
          "loading",
        ],
      });
      await tab.goto(`${reride.url}${page.path}`, { waitUntil: "load" });
      // A fixed wait, not a selector: waiting on one runs the driver's own script in the page.
      await tab.waitForTimeout(SETTLE_MS);
      const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as {
        traceEvents: TraceEvent[];
      };
      await context.close();
      report(page.page, `${reride.url}${page.path}`, trace.traceEvents, sources, top);
    }
  } finally {
    await browser.close();
    await reride.stop();
  }
}

/** The long tasks after first paint on one page, each with the functions it spent its time in. */
function report(
  page: string,
  url: string,
  events: TraceEvent[],
  sources: SourceNames,
  top: number,
) {
  // The page's own renderer: Chromium's built-in pages (a new tab's) paint in the same trace.
  const navigation = events.find(
    (event) => event.name === "navigationStart" && event.args?.data?.documentLoaderURL === url,
  );
  const paint = events.find(
    (event) =>
      event.name === "firstContentfulPaint" &&
      event.pid === navigation?.pid &&
      event.args?.frame === navigation?.args?.frame,
  );
  if (!paint) {
    log(`\n${page}: no first contentful paint in the trace`);
    return;
  }
  const onMain = (event: TraceEvent) => event.pid === paint.pid && event.tid === paint.tid;
  const tasks = events
    .filter(
      (event) =>
        onMain(event) &&
        event.ph === "X" &&
        event.name === "RunTask" &&
        event.ts > paint.ts &&
        (event.dur ?? 0) / 1000 >= LONG_TASK_MS,
    )
    .sort((a, b) => a.ts - b.ts);
  const samples = profileSamples(events, paint);
  const blocking = tasks.reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - LONG_TASK_MS, 0);
  log(
    `\n${page}: ${tasks.length} long task(s) after first paint, ${Math.round(blocking)} ms blocking`,
  );
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inTask = samples.filter((sample) => sample.at >= task.ts && sample.at <= end);
    const msPerSample = (task.dur ?? 0) / 1000 / Math.max(1, inTask.length);
    const byPlace = new Map<string, number>();
    for (const sample of inTask) {
      const place = sources.name(sample.node);
      byPlace.set(place, (byPlace.get(place) ?? 0) + 1);
    }
    log(
      `  +${Math.round((task.ts - paint.ts) / 1000)} ms: ${Math.round((task.dur ?? 0) / 1000)} ms`,
    );
    for (const [place, count] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      log(`      ${String(Math.round(count * msPerSample)).padStart(4)} ms  ${place}`);
    }
  }
}

/** The main thread's profiler samples: when each was taken, and the function it fell in. */
function profileSamples(events: TraceEvent[], paint: TraceEvent) {
  const profile = events.find(
    (event) => event.name === "Profile" && event.pid === paint.pid && event.tid === paint.tid,
  );
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ at: number; node: ProfileNode | undefined }> = [];
  if (!profile) return samples;
  let at = profile.args?.data?.startTime ?? 0;
  // The chunks carry the profile's id; a worker's profile has its own (and other processes'
  // count from the same first id).
  for (const chunk of events.filter(
    (e) => e.name === "ProfileChunk" && e.pid === profile.pid && e.id === profile.id,
  )) {
    for (const node of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (chunk.args?.data?.cpuProfile?.samples ?? []).forEach((id, index) => {
      at += deltas[index] ?? 0;
      samples.push({ at, node: nodes.get(id) });
    });
  }
  return samples;
}

/** A sampled function's name and source place, through the built chunk's source map. */
class SourceNames {
  #maps = new Map<string, SourceMapConsumer | null>();

  name(node: ProfileNode | undefined): string {
    if (!node) return "(unknown)";
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    // V8's "(program)": the browser's own work, not a script's.
    if (functionName === "(program)") return "(the browser: parsing, style, layout, paint)";
    if (!url) return functionName || "(native)";
    const file = new URL(url).pathname.split("/").pop() ?? "";
    const map = this.#map(file);
    const original = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    if (!original?.source) return `${functionName || "(top level)"} ${file}:${lineNumber + 1}`;
    const source = original.source.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
    return `${original.name ?? (functionName || "(top level)")} ${source}:${original.line}`;
  }

  #map(file: string): SourceMapConsumer | null {
    if (!this.#maps.has(file)) {
      const mapFile = path.join(ROOT, "dist/client/assets", `${file}.map`);
      this.#maps.set(
        file,
        existsSync(mapFile)
          ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8")))
          : null,
      );
    }
    return this.#maps.get(file) ?? null;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:main-thread failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
