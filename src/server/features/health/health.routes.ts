import { Hono } from "hono";
import { sql } from "kysely";
import type { AppBindings } from "../../context";
import { RETRY_AFTER_SECONDS } from "../../db/fault-answer";

/** Liveness, plus whether the database answers: a load balancer takes a 503 out of rotation. */
export const healthRoutes = new Hono<AppBindings>();

healthRoutes.get("/", async (c) => {
  const { db, dialect } = c.get("deps");
  const started = performance.now();
  try {
    await sql`select 1`.execute(db);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return c.json({ status: "ok", database: { dialect, reachable: true, latencyMs } });
  } catch {
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json({ status: "degraded", database: { dialect, reachable: false } }, 503);
  }
});
