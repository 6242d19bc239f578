import cluster, { type Worker } from "node:cluster";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { serveClusterMetrics } from "./metrics/cluster-metrics";

/**
 * PROCESSES > 1: this process becomes the primary of a node:cluster. It runs
 * no server itself: it starts `env.processes` workers, each a whole ReRide
 * (main.ts) accepting connections on the one shared port, and replaces a
 * worker that dies. SIGTERM/SIGINT are passed on to every worker, which
 * finishes its in-flight requests as a single process would; the primary
 * exits once they all have. Nothing a worker keeps in memory matters to the
 * others (docs/decisions/0007-read-caches.md): sessions and responses are
 * checked against the database's data version on every request. The one
 * thing the primary serves is GET /metrics' sum over the workers, which the
 * worker that was asked requests from it (metrics/cluster-metrics.ts).
 */
export function runPrimary(env: Env, logger: Logger): void {
  let stopping = false;
  const restarts: number[] = [];
  const start = () => cluster.fork();
  serveClusterMetrics(logger);
  for (let index = 0; index < env.processes; index++) start();

  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info("stopped");
        process.exit(0);
      }
      return;
    }
    logger.error(
      { pid: worker.process.pid, code, signal },
      "a server process died; starting another",
    );
    // A worker that dies at once, again and again (a bad configuration), stops the whole.
    const now = Date.now();
    restarts.push(now);
    while ((restarts[0] ?? now) < now - 60_000) restarts.shift();
    if (restarts.length > 5 * env.processes) {
      logger.fatal("server processes keep dying; stopping");
      process.exit(1);
    }
    start();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, processes: env.processes }, "stopping: passing the signal on");
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** In a worker: the primary went away (killed, crashed), so stop too rather than linger. */
export function stopWithPrimary(stop: (reason: string) => void): void {
  if (cluster.isWorker) process.on("disconnect", () => stop("primary gone"));
}
