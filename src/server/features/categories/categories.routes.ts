import { Hono } from "hono";
import type { AppBindings } from "../../context";
import { cachedJson, cachedRead, readScopes } from "../../middleware/cached-read";
import { listCategories } from "./categories.queries";

export const categoriesRoutes = new Hono<AppBindings>();

categoriesRoutes.get("/", cachedRead(readScopes.categories), async (c) => {
  return cachedJson(c, await listCategories(c.get("deps").db));
});
