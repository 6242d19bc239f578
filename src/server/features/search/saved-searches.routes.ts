import { Hono } from "hono";
import { savedSearchInputSchema } from "#src/shared/schemas/saved-searches";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import { readJson } from "../../lib/validate";
import { requireUser, signedInUser } from "../../middleware/session";
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  savedQueryOf,
} from "./saved-searches.queries";

/** /api/me/saved-searches: never cached, each answer is one user's own. */
export const savedSearchesRoutes = new Hono<AppBindings>();

savedSearchesRoutes.use("*", requireUser);

savedSearchesRoutes.get("/", async (c) => {
  const items = await listSavedSearches(c.get("deps").db, signedInUser(c).id);
  return c.json({ items });
});

savedSearchesRoutes.post("/", async (c) => {
  const { db, dialect } = c.get("deps");
  const { name, query } = await readJson(c, savedSearchInputSchema);
  const saved = await createSavedSearch(db, dialect, signedInUser(c).id, {
    name,
    query: savedQueryOf(query),
  });
  return c.json(saved, 201);
});

savedSearchesRoutes.delete("/:id", async (c) => {
  const deleted = await deleteSavedSearch(c.get("deps").db, signedInUser(c).id, c.req.param("id"));
  if (!deleted) throw new AppError("NOT_FOUND", "You have no saved search with this id.");
  return c.body(null, 204);
});
