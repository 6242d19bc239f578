import cluster from "node:cluster";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { Logger } from "../logger";

/**
 * With PROCESSES > 1 each worker counts its own requests; a scrape reaches
 * one of them. That worker asks the primary, which collects every worker's
 * registry (prom-client's AggregatorRegistry, over the cluster's IPC
 * channel), sums them and answers: any worker's /metrics is the whole
 * server's, so Prometheus needs one target per machine, not per process.
 */
const REQUEST = "reride:metrics-request";
const RESPONSE = "reride:metrics-response";
const TIMEOUT_MS = 10_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}

interface MetricsResponse {
  type: typeof RESPONSE;
  id: number;
  text?: string;
  error?: string;
}

let answering = false;

/** In a worker: this registry is what the primary's aggregation collects from it. */
export function shareWithPrimary(registry: Registry): void {
  if (!cluster.isWorker) return;
  // Made once, for its side effect: a worker answers the primary's requests once one exists.
  if (!answering) new AggregatorRegistry();
  answering = true;
  AggregatorRegistry.setRegistries([registry]);
}

/** In the primary: answers each worker's request with every worker's metrics, summed. */
export function serveClusterMetrics(logger: Logger): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, REQUEST)) return;
    const answer = (response: Omit<MetricsResponse, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: RESPONSE, id: message.id, ...response });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => {
        logger.warn({ err: error }, "metrics: a server process did not answer");
        answer({ error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
}

const pending = new Map<number, (response: MetricsResponse) => void>();
let nextId = 0;

/** In a worker: every worker's metrics in Prometheus' text format, from the primary. */
export function metricsFromPrimary(): Promise<string> {
  if (nextId === 0) process.on("message", settle);
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error("the primary process did not answer in time"));
    }, TIMEOUT_MS);
    pending.set(id, (response) => {
      clearTimeout(timer);
      if (response.text === undefined) reject(new Error(response.error ?? "no metrics"));
      else resolve(response.text);
    });
    process.send?.({ type: REQUEST, id } satisfies MetricsRequest);
  });
}

function settle(message: unknown): void {
  if (!isMessage<MetricsResponse>(message, RESPONSE)) return;
  const resolve = pending.get(message.id);
  pending.delete(message.id);
  resolve?.(message);
}

function isMessage<T extends { type: string }>(message: unknown, type: T["type"]): message is T {
  return (
    typeof message === "object" && message !== null && "type" in message && message.type === type
  );
}
