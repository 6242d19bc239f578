import { createMiddleware } from "hono/factory";
import type { AppBindings } from "../context";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every cookie-authenticated write.
 * Browsers send Origin (and Sec-Fetch-Site) with every non-GET request, so a
 * write whose Origin isn't ReRide's own, or that the browser marks
 * cross-site, is refused before it reaches a handler. Clients that are not
 * browsers send neither and carry no one else's cookies, so they pass.
 */
export const sameOriginWrites = createMiddleware<AppBindings>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const allowed = c.get("deps").env.publicUrl;
    if ((origin !== undefined && origin !== allowed) || fetchSite === "cross-site") {
      throw new AppError("FORBIDDEN", "Cross-site request refused.");
    }
  }
  await next();
});
