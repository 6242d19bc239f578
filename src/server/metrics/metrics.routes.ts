import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppBindings } from "../context";
import { AppError } from "../errors";
import { loadSession, requireAdmin } from "../middleware/session";
import { metricsFromPrimary } from "./cluster-metrics";

/**
 * Who may scrape: a caller with `Authorization: Bearer <METRICS_TOKEN>`
 * (Prometheus), or a signed-in administrator (a look from the browser).
 * A wrong token is 401, as no token is; a signed-in non-admin is 403.
 */
const metricsAccess = createMiddleware<AppBindings>(async (c, next) => {
  const header = c.req.header("authorization");
  if (header === undefined) {
    return loadSession(c, async () => {
      await requireAdmin(c, next);
    });
  }
  const expected = c.get("deps").env.metricsToken;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!expected || !given || !sameSecret(given, expected)) {
    throw new AppError("UNAUTHENTICATED", "The metrics token is missing or wrong.");
  }
  await next();
});

/** Compared as fixed-length digests in constant time: the answer's timing tells nothing of the token. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** GET /metrics: Prometheus' text format, for every server process at once (cluster-metrics.ts). */
export const metricsRoutes = new Hono<AppBindings>().get("/", metricsAccess, async (c) => {
  const { registry } = c.get("deps").metrics;
  let text: string;
  try {
    text = cluster.isWorker ? await metricsFromPrimary() : await registry.metrics();
  } catch (error) {
    c.get("deps").logger.warn({ err: error }, "metrics could not be gathered");
    throw new AppError("UNAVAILABLE", "Metrics could not be gathered from every server process.");
  }
  c.header("Cache-Control", "no-store");
  c.header("Content-Type", registry.contentType);
  return c.body(text);
});
