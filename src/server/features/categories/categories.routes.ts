import { Hono } from "hono";
import type { AppBindings } from "../../context";
import { listCategories } from "./categories.queries";

export const categoriesRoutes = new Hono<AppBindings>();

categoriesRoutes.get("/", async (c) => {
  return c.json(await listCategories(c.get("deps").db));
});
