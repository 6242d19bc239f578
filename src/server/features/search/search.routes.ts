import { Hono } from "hono";
import {
  categoryBikesQuerySchema,
  SEARCH_TOTAL_CAP,
  type SearchResults,
  searchQuerySchema,
} from "#src/shared/schemas/search";
import { withFairPrice } from "../../catalog/fair-price-stats";
import { findCategory } from "../../catalog/find-category";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import { readQuery } from "../../lib/validate";
import { cachedRead, readScopes } from "../../middleware/cached-read";
import { requireUser, signedInUser } from "../../middleware/session";
import { type BikeFilters, countBikes, listBikes } from "./bike-listing";
import { decodeCursor, encodeCursor } from "./cursor";

/** GET /api/bikes: search, filter and sort the bikes that can still be booked. */
export const searchRoutes = new Hono<AppBindings>();

searchRoutes.get("/", requireUser, cachedRead(readScopes.search), async (c) => {
  const { db, dialect } = c.get("deps");
  const user = signedInUser(c);
  const { cursor, limit, sort, ...query } = readQuery(c, searchQuerySchema);
  const filters: BikeFilters = { ...query, availableOnly: true };
  const [page, count] = await Promise.all([
    listBikes(db, dialect, user, filters, { sort, cursor: decodeCursor(cursor, sort), limit }),
    countBikes(db, dialect, filters, SEARCH_TOTAL_CAP, sort),
  ]);
  const body: SearchResults = {
    items: await withFairPrice(db, page.items),
    nextCursor: page.next ? encodeCursor(page.next) : null,
    total: count.total,
    totalCapped: count.capped,
  };
  return c.json(body);
});

/** /api/categories/:id/bikes */
export const categoryBikesRoutes = new Hono<AppBindings>();

categoryBikesRoutes.get("/:id/bikes", requireUser, cachedRead(readScopes.category), async (c) => {
  const { db, dialect } = c.get("deps");
  const user = signedInUser(c);
  const category = await findCategory(db, c.req.param("id"));
  if (!category) throw new AppError("NOT_FOUND", "There is no such category.");
  const { cursor, limit, sort, ...filters } = readQuery(c, categoryBikesQuerySchema);
  // Every status: booked and sold bikes stay on the category page, with a badge.
  const page = await listBikes(
    db,
    dialect,
    user,
    { ...filters, categoryId: category.id, availableOnly: false },
    { sort, cursor: decodeCursor(cursor, sort), limit },
  );
  return c.json({
    category,
    items: await withFairPrice(db, page.items),
    nextCursor: page.next ? encodeCursor(page.next) : null,
  });
});
