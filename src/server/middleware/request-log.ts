import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppBindings } from "../context";
import type { Logger } from "../logger";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's own X-Request-Id when it is well-formed (a load balancer's), else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The one log line per request, for the app (below) and for cache/replay.ts. */
export function logRequest(
  logger: Logger,
  requestId: string,
  method: string,
  path: string,
  status: number,
  started: number,
): void {
  // Checked first so that a quiet logger costs no object per request.
  if (!logger.isLevelEnabled("info")) return;
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  logger.info({ requestId, method, path, status, durationMs });
}

/** One JSON line per request, with an id echoed in X-Request-Id. */
export const requestLog = createMiddleware<AppBindings>(async (c, next) => {
  const requestId = requestIdOf(c.req.header("x-request-id"));
  c.set("requestId", requestId);
  c.header("X-Request-Id", requestId);
  const started = performance.now();
  await next();
  logRequest(c.get("deps").logger, requestId, c.req.method, c.req.path, c.res.status, started);
});
