import { sql } from "kysely";
import type { CategoryBikesQuery } from "#src/shared/schemas/search";
import type { User } from "#src/shared/schemas/users";
import { type PriceVersions, withFairPrice } from "../../catalog/fair-price-stats";
import { findCategory } from "../../catalog/find-category";
import { compiledOnce } from "../../db/compiled-once";
import type { AppDb, Dialect } from "../../db/database";
import { listBikes } from "./bike-listing";
import { decodeCursor, encodeCursor } from "./cursor";

/** A category page as every caller sees it: no hearts, no bookings, no phone numbers. */
export type CategoryPage = NonNullable<Awaited<ReturnType<typeof readCategoryPage>>>;

/**
 * GET /api/categories/:id/bikes for a caller, or null when there is no such
 * category. `viewer` null reads the page every caller shares (cached once
 * for all of them in cache/shared-reads.ts); `ownPartOf` then completes it.
 * `prices`: where the fair prices' versions are read (catalog/fair-price-stats.ts).
 */
export async function readCategoryPage(
  db: AppDb,
  dialect: Dialect,
  categoryId: string,
  query: CategoryBikesQuery,
  viewer: Pick<User, "id" | "role"> | null,
  prices?: PriceVersions,
) {
  const { cursor, limit, sort, ...filters } = query;
  // Every status: booked and sold bikes stay on the category page, with a badge.
  const page = await listBikes(
    db,
    dialect,
    // Null reads no one's own state: no hearts, no bookings, no phone numbers (toBike
    // shows a phone to its seller and to admins alone), only what every caller sees.
    viewer,
    { ...filters, categoryId, availableOnly: false },
    { sort, cursor: decodeCursor(cursor, sort), limit },
  );
  // Each bike names its category, read with it: a statement of its own (a round trip on
  // PostgreSQL) only when the page is empty, to tell an empty category from none.
  const first = page.items[0];
  const category = first
    ? { id: first.categoryId, name: first.categoryName }
    : await findCategory(db, categoryId);
  if (!category) return null;
  return {
    category,
    items: await withFairPrice(db, page.items, prices),
    nextCursor: page.next ? encodeCursor(page.next) : null,
  };
}

/**
 * The caller's hearts (no booking id) and active bookings among these bikes,
 * in one statement (db/compiled-once.ts): after a write, each caller's first
 * read of a page pays this alone, a round trip on PostgreSQL.
 */
const ownRowsOf = compiledOnce(
  "categoryPageOwnPart",
  (db: AppDb, { viewerId, ids }: { viewerId: string; ids: readonly string[] }) =>
    db
      .selectFrom("wishlist")
      .select(["bikeId", sql<string | null>`null`.as("bookingId")])
      .where("userId", "=", viewerId)
      .where("bikeId", "in", ids)
      .unionAll(
        db
          .selectFrom("bookings")
          .select(["bikeId", "id as bookingId"])
          .where("buyerId", "=", viewerId)
          .where("bikeId", "in", ids)
          // Written into the SQL, as in selectBikes: the partial index on active bookings applies.
          .where("status", "in", [sql.lit<"pending">("pending"), sql.lit<"accepted">("accepted")])
          // Not null: it is one of `ids`.
          .$narrowType<{ bikeId: string }>(),
      ),
);

/**
 * The shared page with the caller's own part put in: their hearts and their
 * active bookings of its bikes (the same rows `selectBikes` joins). A seller
 * whose bike is on the page, and an admin, see phone numbers too: theirs is
 * read whole, as it was before the page was shared.
 */
export async function ownPartOf(
  db: AppDb,
  dialect: Dialect,
  shared: CategoryPage,
  categoryId: string,
  query: CategoryBikesQuery,
  viewer: Pick<User, "id" | "role">,
  prices?: PriceVersions,
): Promise<CategoryPage> {
  if (viewer.role === "admin" || shared.items.some((bike) => bike.seller.id === viewer.id)) {
    return (await readCategoryPage(db, dialect, categoryId, query, viewer, prices)) ?? shared;
  }
  const ids = shared.items.map((bike) => bike.id);
  if (ids.length === 0) return shared;
  const { rows } = await ownRowsOf(db, { viewerId: viewer.id, ids });
  const hearted = new Set<string>();
  const booked = new Map<string, string>();
  for (const row of rows) {
    if (row.bookingId === null) hearted.add(row.bikeId);
    else booked.set(row.bikeId, row.bookingId);
  }
  return {
    ...shared,
    items: shared.items.map((bike) => ({
      ...bike,
      wishlisted: hearted.has(bike.id),
      yourBookingId: booked.get(bike.id) ?? null,
    })),
  };
}
