/**
 * What counting costs a read (docs/metrics.md): the metrics' own work per
 * request, timed alone, beside a whole cached read through a real server.
 *
 *   node --import tsx bench/metrics-overhead.ts [--requests 5000]
 */

import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Metrics } from "#src/server/metrics/metrics";
import { startServerProcess } from "#tests/support/server-process";

const { values } = parseArgs({ options: { requests: { type: "string", default: "5000" } } });
const requests = Number(values.requests);

/** Nanoseconds per call of `run`, the best of five batches. */
function nanosecondsPer(run: (index: number) => void, calls = 1_000_000): number {
  let best = Number.POSITIVE_INFINITY;
  for (let batch = 0; batch < 5; batch++) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < calls; index++) run(index);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / calls);
  }
  return best;
}

const metrics = new Metrics();
const routes = ["/api/categories", "/api/categories/:id/bikes", "/api/bikes/:id", "/api/bikes"];
const observe = nanosecondsPer((index) =>
  metrics.observeRequest("GET", routes[index & 3] ?? "", 200, 0.0003),
);
const hits = metrics.cache("responses");
const hit = nanosecondsPer(() => hits.hit());
const perRequest = observe + 2 * hit;

/** One GET on a kept-alive connection; resolves with its time in microseconds. */
function timedGet(agent: http.Agent, url: string): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve(Number(process.hrtime.bigint() - started) / 1000));
      })
      .on("error", reject);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "reride-metrics-bench-"));
const server = await startServerProcess({ dataDir, env: { NODE_ENV: "production" } });
try {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let index = 0; index < requests + 200; index++) {
    const micros = await timedGet(agent, `${server.url}/api/categories`);
    if (index >= 200) times.push(micros); // the first ones warm the cache and the JIT
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  const lines = [
    `histogram observation (route, status, method): ${observe.toFixed(0)} ns`,
    `cache counter increment:                        ${hit.toFixed(0)} ns`,
    `a replayed read, GET /api/categories, round trip (median of ${requests}): ${median.toFixed(0)} µs`,
    `metrics per request (one observation, two increments): ${perRequest.toFixed(0)} ns, ${((perRequest / 1000 / median) * 100).toFixed(2)}% of that read`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
