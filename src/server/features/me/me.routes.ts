import { Hono } from "hono";
import type { AppBindings } from "../../context";
import { requireUser } from "../../middleware/session";

export const meRoutes = new Hono<AppBindings>();

meRoutes.get("/", requireUser, (c) => c.json(c.get("user")));
