import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { shareWithPrimary } from "./cluster-metrics";

/** What a cache tells the metrics: each lookup's outcome, and each entry pushed out for room. */
export interface CacheCounters {
  hit(): void;
  miss(): void;
  evict(): void;
}

/** For a cache made without metrics (tests, benchmarks): counts nothing. */
export const UNCOUNTED: CacheCounters = { hit() {}, miss() {}, evict() {} };

/** The caches with counters; a fixed list, so the `cache` label stays bounded. */
export type CacheName = "responses" | "shared" | "sessions" | "pages";

type Observe = (seconds: number) => void;

/**
 * ReRide's Prometheus metrics (docs/metrics.md), one registry per app: tests
 * run several apps in one process. A request costs one histogram observation
 * under labels made once per (route pattern, status, method) and kept; cache,
 * data-version and rate-limit counters are plain increments.
 *
 * Mail (queue length, failures) and live-update connections have no metrics
 * yet because ReRide sends no mail and holds no event streams: their gauges
 * and counters belong here, under the names docs/metrics.md reserves, when
 * those features arrive.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #requests = new Histogram({
    name: "reride_http_request_duration_seconds",
    help: "Time to answer a request, by route pattern, status and method; _count is the request count.",
    labelNames: ["route", "status", "method"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** route → status → method → the histogram's child for those labels. */
  readonly #observers = new Map<string, Map<number, Map<string, Observe>>>();
  readonly #cacheHits = this.#counter("reride_cache_hits_total", "Lookups a cache answered.", [
    "cache",
  ]);
  readonly #cacheMisses = this.#counter(
    "reride_cache_misses_total",
    "Lookups a cache could not answer (absent, or read before the last write).",
    ["cache"],
  );
  readonly #cacheEvictions = this.#counter(
    "reride_cache_evictions_total",
    "Entries a cache dropped to stay within its bounds.",
    ["cache"],
  );
  readonly #versionChecks = this.#counter(
    "reride_data_version_checks_total",
    "Reads of the database's data versions: one per request that uses a cache, and one for the fair prices of a page read afresh.",
  );
  readonly #versionChanges = this.#counter(
    "reride_data_version_changes_total",
    "Data version reads that found a write since the previous read (every cache starts over).",
  );
  readonly #refusals = this.#counter(
    "reride_rate_limit_refusals_total",
    "Requests refused with 429 by an abuse limit.",
    ["limit"],
  );

  constructor(options: { processMetrics?: boolean } = {}) {
    // Summed across processes by the cluster's aggregation: how many answered the scrape.
    new Gauge({
      name: "reride_server_processes",
      help: "Server processes whose metrics this scrape holds.",
      registers: [this.registry],
    }).set(1);
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    shareWithPrimary(this.registry);
  }

  /** One answered request; `route` is the matched pattern (e.g. /api/bikes/:id), never the URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let byStatus = this.#observers.get(route);
    if (!byStatus) {
      byStatus = new Map();
      this.#observers.set(route, byStatus);
    }
    let byMethod = byStatus.get(status);
    if (!byMethod) {
      byMethod = new Map();
      byStatus.set(status, byMethod);
    }
    let observe = byMethod.get(method);
    if (!observe) {
      observe = this.#requests.labels(route, String(status), method).observe;
      byMethod.set(method, observe);
    }
    observe(seconds);
  }

  /** The counters a cache increments, under its name. */
  cache(name: CacheName): CacheCounters {
    const hits = this.#cacheHits.labels(name);
    const misses = this.#cacheMisses.labels(name);
    const evictions = this.#cacheEvictions.labels(name);
    // Present from the start, so a ratio over them is defined before the first lookup.
    for (const counter of [hits, misses, evictions]) counter.inc(0);
    return { hit: () => hits.inc(), miss: () => misses.inc(), evict: () => evictions.inc() };
  }

  /** A data-version read; `changed` when it differs from the previous one. */
  versionChecked(changed: boolean): void {
    this.#versionChecks.inc();
    if (changed) this.#versionChanges.inc();
  }

  /** A request refused by the named limit (rate-limits/limiter.ts's names: a fixed few). */
  refused(limit: string): void {
    this.#refusals.labels(limit).inc();
  }

  #counter<Label extends string>(name: string, help: string, labelNames: Label[] = []) {
    return new Counter<Label>({ name, help, labelNames, registers: [this.registry] });
  }
}
