import { describe, expect, test } from "vitest";
import { sampleSum } from "#tests/support/prometheus";
import { rawGet } from "#tests/support/raw-request";
import { serverForThisFile } from "#tests/support/server-for-file";

/**
 * PROCESSES=2: a scrape reaches one worker, and must hold both workers'
 * counts (cluster-metrics.ts). Every request below opens a connection of its
 * own, so the primary hands them to the workers in turn.
 */
const TOKEN = "cluster-scrape-token-0123456789";
const server = serverForThisFile({ PROCESSES: "2", METRICS_TOKEN: TOKEN });

/** A GET on a connection of its own. */
async function getOnNewConnection(path: string, headers: Record<string, string> = {}) {
  const response = await rawGet(server().url, path, headers);
  return { status: response.status, body: response.bytes.toString("utf8") };
}

async function scrape(): Promise<string> {
  const response = await getOnNewConnection("/metrics", { authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  return response.body;
}

/**
 * The health check passes once one worker listens; until the other has
 * started too, the primary can't sum every worker and a scrape answers 503
 * (docs/metrics.md). Waits for the first whole scrape.
 */
async function untilEveryWorkerAnswers(): Promise<void> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const response = await getOnNewConnection("/metrics", { authorization: `Bearer ${TOKEN}` });
    if (response.status === 200) return;
    expect(response.status).toBe(503);
    if (Date.now() > deadline) throw new Error("a worker never answered the primary");
  }
}

describe("GET /metrics with PROCESSES=2", () => {
  test("every scrape, whichever worker answers it, holds both workers' counts", {
    timeout: 60_000,
  }, async () => {
    await untilEveryWorkerAnswers();
    const reads = 10;
    for (let index = 0; index < reads; index++) {
      expect((await getOnNewConnection("/api/categories")).status).toBe(200);
    }
    const route = { route: "/api/categories", status: "200", method: "GET" };
    for (let index = 0; index < 4; index++) {
      const text = await scrape();
      expect(sampleSum(text, "reride_server_processes")).toBe(2);
      // Answered by the app or replayed from the cache in front of it, each read is counted once.
      expect(sampleSum(text, "reride_http_request_duration_seconds_count", route)).toBe(reads);
      const hits = sampleSum(text, "reride_cache_hits_total", { cache: "responses" });
      const misses = sampleSum(text, "reride_cache_misses_total", { cache: "responses" });
      expect(hits + misses).toBe(reads);
      // At least one read missed (which worker served which read depends on when the second
      // started listening; hits are proved in-process: metrics.test.ts). The gauge above is the
      // sum of one per worker: both registries are in every scrape.
      expect(misses).toBeGreaterThanOrEqual(1);
    }
  });

  test("anonymous scrapes are refused by every worker", async () => {
    for (let index = 0; index < 2; index++) {
      expect((await getOnNewConnection("/metrics")).status).toBe(401);
    }
  });
});
