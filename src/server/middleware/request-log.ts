import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppBindings, Deps } from "../context";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's own X-Request-Id when it is well-formed (a load balancer's), else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The one log line and request metric per request, for the app (below) and
 * for cache/replay.ts. `route` is the matched pattern, a label of bounded
 * variety; `path` is what the client asked for, logged only.
 */
export function logRequest(
  deps: Pick<Deps, "logger" | "metrics">,
  requestId: string,
  method: string,
  path: string,
  route: string,
  status: number,
  started: number,
): void {
  const seconds = (performance.now() - started) / 1000;
  deps.metrics.observeRequest(method, route, status, seconds);
  // Checked first so that a quiet logger costs no object per request.
  if (!deps.logger.isLevelEnabled("info")) return;
  const durationMs = Math.round(seconds * 10_000) / 10;
  deps.logger.info({ requestId, method, path, status, durationMs });
}

/** One JSON line per request, with an id echoed in X-Request-Id. */
export const requestLog = createMiddleware<AppBindings>(async (c, next) => {
  const requestId = requestIdOf(c.req.header("x-request-id"));
  c.set("requestId", requestId);
  c.header("X-Request-Id", requestId);
  const started = performance.now();
  await next();
  const route = routeOf(c);
  const cached = c.get("cachedResponse");
  if (cached) cached.route ??= route;
  logRequest(c.get("deps"), requestId, c.req.method, c.req.path, route, c.res.status, started);
});

/**
 * The pattern of the route or middleware that answered (`/api/bikes/:id`;
 * `/api/*` for a refusal before routing, such as a 429), never the URL, so
 * the metrics' labels stay few.
 */
export const routeOf = (c: Context): string => routePath(c);
