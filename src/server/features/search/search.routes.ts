import { Hono } from "hono";
import {
  categoryBikesQuerySchema,
  SEARCH_TOTAL_CAP,
  type SearchResults,
  searchQuerySchema,
} from "#src/shared/schemas/search";
import { pricesKey } from "../../cache/data-version";
import { pricesAlreadyRead, withFairPrice } from "../../catalog/fair-price-stats";
import { VOCABULARY_KEY, vocabularyAt } from "../../catalog/search-text";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import { readQuery } from "../../lib/validate";
import {
  cachedJson,
  cachedRead,
  readScopes,
  sharedScopes,
  versionsReadFor,
} from "../../middleware/cached-read";
import { requireUser, signedInUser } from "../../middleware/session";
import { type BikeFilters, countBikes, listBikes } from "./bike-listing";
import { ownPartOf, readCategoryPage } from "./category-page";
import { decodeCursor, encodeCursor } from "./cursor";

/** GET /api/bikes: search, filter and sort the bikes that can still be booked. */
export const searchRoutes = new Hono<AppBindings>();

searchRoutes.get("/", requireUser, cachedRead(readScopes.search), async (c) => {
  const { db, dialect, dataVersion } = c.get("deps");
  const user = signedInUser(c);
  const { cursor, limit, sort, ...query } = readQuery(c, searchQuerySchema);
  const filters: BikeFilters = { ...query, availableOnly: true };
  // Its scope's versions as cachedRead read them: the vocabulary's and every category's
  // prices', so that neither the words' lookups kept while the vocabulary is unchanged nor
  // the fair prices' kept histograms need a read of the versions of their own.
  const versionsRead = versionsReadFor(c);
  const vocabulary = vocabularyAt(db, versionsRead.get(VOCABULARY_KEY));
  const [page, count] = await Promise.all([
    listBikes(
      db,
      dialect,
      user,
      filters,
      { sort, cursor: decodeCursor(cursor, sort), limit },
      { vocabulary },
    ),
    countBikes(db, dialect, filters, SEARCH_TOTAL_CAP, sort, vocabulary),
  ]);
  const body: SearchResults = {
    items: await withFairPrice(db, page.items, pricesAlreadyRead(versionsRead, dataVersion)),
    nextCursor: page.next ? encodeCursor(page.next) : null,
    total: count.total,
    totalCapped: count.capped,
  };
  return cachedJson(c, body);
});

/** /api/categories/:id/bikes */
export const categoryBikesRoutes = new Hono<AppBindings>();

/*
 * The page every caller shares is read once per version of its category
 * (cache/shared-reads.ts), then completed with the caller's own hearts and
 * bookings; the whole answer is also cached per caller (cachedRead).
 */
categoryBikesRoutes.get("/:id/bikes", requireUser, cachedRead(readScopes.category), async (c) => {
  const { db, dialect, dataVersion, sharedReads } = c.get("deps");
  const user = signedInUser(c);
  const categoryId = c.req.param("id");
  const query = readQuery(c, categoryBikesQuerySchema);
  // Read before the page's own reads: the page is never newer than the version it is kept
  // under. Its fair prices' version is asked in the same turn, so both share one read of
  // the versions (one query on PostgreSQL) where the page read afresh asked again.
  const [version, priceVersions] = await Promise.all([
    dataVersion.read(sharedScopes.category(categoryId)),
    dataVersion.readKeys([pricesKey(categoryId)]),
  ]);
  const prices = pricesAlreadyRead(priceVersions, dataVersion);
  const shared = await sharedReads.read(
    `category page ${categoryId} ${JSON.stringify(query)}`,
    version,
    () => readCategoryPage(db, dialect, categoryId, query, null, prices),
  );
  if (!shared) throw new AppError("NOT_FOUND", "There is no such category.");
  return cachedJson(c, await ownPartOf(db, dialect, shared, categoryId, query, user, prices));
});
