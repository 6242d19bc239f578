import { sql } from "kysely";
import type { CategoryBikesQuery } from "#src/shared/schemas/search";
import type { User } from "#src/shared/schemas/users";
import { withFairPrice } from "../../catalog/fair-price-stats";
import { findCategory } from "../../catalog/find-category";
import type { AppDb, Dialect } from "../../db/database";
import { listBikes } from "./bike-listing";
import { decodeCursor, encodeCursor } from "./cursor";

/** A category page as every caller sees it: no hearts, no bookings, no phone numbers. */
export type CategoryPage = NonNullable<Awaited<ReturnType<typeof readCategoryPage>>>;

/**
 * GET /api/categories/:id/bikes for a caller, or null when there is no such
 * category. `viewer` null reads the page every caller shares (cached once
 * for all of them in cache/shared-reads.ts); `ownPartOf` then completes it.
 */
export async function readCategoryPage(
  db: AppDb,
  dialect: Dialect,
  categoryId: string,
  query: CategoryBikesQuery,
  viewer: Pick<User, "id" | "role"> | null,
) {
  const category = await findCategory(db, categoryId);
  if (!category) return null;
  const { cursor, limit, sort, ...filters } = query;
  // Every status: booked and sold bikes stay on the category page, with a badge.
  const page = await listBikes(
    db,
    dialect,
    // Null reads no one's own state: no hearts, no bookings, no phone numbers (toBike
    // shows a phone to its seller and to admins alone), only what every caller sees.
    viewer,
    { ...filters, categoryId: category.id, availableOnly: false },
    { sort, cursor: decodeCursor(cursor, sort), limit },
  );
  return {
    category,
    items: await withFairPrice(db, page.items),
    nextCursor: page.next ? encodeCursor(page.next) : null,
  };
}

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
): Promise<CategoryPage> {
  if (viewer.role === "admin" || shared.items.some((bike) => bike.seller.id === viewer.id)) {
    return (await readCategoryPage(db, dialect, categoryId, query, viewer)) ?? shared;
  }
  const ids = shared.items.map((bike) => bike.id);
  if (ids.length === 0) return shared;
  const [hearts, bookings] = await Promise.all([
    db
      .selectFrom("wishlist")
      .select("bikeId")
      .where("userId", "=", viewer.id)
      .where("bikeId", "in", ids)
      .execute(),
    db
      .selectFrom("bookings")
      .select(["id", "bikeId"])
      .where("buyerId", "=", viewer.id)
      .where("bikeId", "in", ids)
      // Written into the SQL, as in selectBikes: the partial index on active bookings applies.
      .where("status", "in", [sql.lit<"pending">("pending"), sql.lit<"accepted">("accepted")])
      .execute(),
  ]);
  const hearted = new Set(hearts.map((row) => row.bikeId));
  const booked = new Map(bookings.map((row) => [row.bikeId, row.id]));
  return {
    ...shared,
    items: shared.items.map((bike) => ({
      ...bike,
      wishlisted: hearted.has(bike.id),
      yourBookingId: booked.get(bike.id) ?? null,
    })),
  };
}
