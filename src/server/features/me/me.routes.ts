import { Hono } from "hono";
import type { AppBindings } from "../../context";
import { requireUser } from "../../middleware/session";

/** /api/me: the caller, or 401. */
export const meRoutes = new Hono<AppBindings>();

meRoutes.get("/", requireUser, (c) => c.json(c.get("user")));

/**
 * /api/session: who is signed in, as `{ user }` with null for nobody. The
 * web app asks on every page; a 401 there would be an error in every
 * signed-out visitor's console for what is a normal response.
 */
export const sessionRoutes = new Hono<AppBindings>();

sessionRoutes.get("/", (c) => c.json({ user: c.get("user") }));
