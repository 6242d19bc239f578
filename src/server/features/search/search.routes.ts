import { Hono } from "hono";
import {
  SEARCH_TOTAL_CAP,
  type SearchResults,
  searchQuerySchema,
} from "#src/shared/schemas/search";
import type { AppBindings } from "../../context";
import { type BikeFilters, countBikes, listBikes } from "../../lib/bike-listing";
import { decodeCursor, encodeCursor } from "../../lib/cursor";
import { withFairPrice } from "../../lib/fair-price-stats";
import { readQuery } from "../../lib/validate";
import { cachedRead } from "../../middleware/cached-read";
import { callerOf, requireUser } from "../../middleware/session";

/** GET /api/bikes: search, filter and sort the bikes that can still be booked. */
export const searchRoutes = new Hono<AppBindings>();

searchRoutes.get("/", requireUser, cachedRead, async (c) => {
  const { db, dialect } = c.get("deps");
  const user = callerOf(c);
  const { cursor, limit, sort, ...query } = readQuery(c, searchQuerySchema);
  const filters: BikeFilters = { ...query, availableOnly: true };
  const [page, count] = await Promise.all([
    listBikes(db, dialect, user, filters, { sort, cursor: decodeCursor(cursor, sort), limit }),
    countBikes(db, dialect, filters, SEARCH_TOTAL_CAP),
  ]);
  const body: SearchResults = {
    items: await withFairPrice(db, page.items),
    nextCursor: page.next ? encodeCursor(page.next) : null,
    total: count.total,
    totalCapped: count.capped,
  };
  return c.json(body);
});
