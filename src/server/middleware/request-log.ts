import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppBindings } from "../context";

export const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** One JSON line per request, with an id echoed in X-Request-Id. */
export const requestLog = createMiddleware<AppBindings>(async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  c.set("requestId", requestId);
  c.header("X-Request-Id", requestId);
  const started = performance.now();
  await next();
  c.get("deps").logger.info({
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  });
});
