import type { QueryCreator } from "kysely";
import type { Page, WishlistEntry } from "#src/shared/schemas/bikes";
import type { User } from "#src/shared/schemas/users";
import { selectBikes, shownTo, toBike } from "../../catalog/bike-reads";
import { compiledOnce } from "../../db/compiled-once";
import { type AppDb, type Dialect, toIso } from "../../db/database";
import type { Tables } from "../../db/tables";
import { inTransaction } from "../../db/transaction";
import { decodeTimeCursor, newestFirst, pageOf, type TimeCursor } from "../../lib/time-cursor";

// A heart's statements, each built by Kysely once (db/compiled-once.ts): hearts are
// the most frequent write.
type Entry = { userId: string; bikeId: string; addedAt: string };
type Wisher = Entry & { admin: boolean };

/** The bike, if the wisher may see it (bike-reads.ts): a heart is written only for such a bike. */
const shownBikeFor = (db: QueryCreator<Tables>, wisher: Wisher) =>
  db
    .selectFrom("bikes")
    .select("bikes.id")
    .where("bikes.id", "=", wisher.bikeId)
    .where(shownTo({ id: wisher.userId, role: wisher.admin ? "admin" : "user" }));

const insertEntry = (db: QueryCreator<Tables>, entry: Entry) =>
  db
    .insertInto("wishlist")
    .values(entry)
    .onConflict((oc) => oc.columns(["userId", "bikeId"]).doNothing());

const insertFirstWish = (db: QueryCreator<Tables>, entry: Entry) =>
  db
    .insertInto("firstWishes")
    .values(entry)
    .onConflict((oc) => oc.column("userId").doNothing());

/**
 * PostgreSQL: whether the bike is shown to the wisher, and if so the entry
 * and, if it is the user's first ever, the first wish, in one statement: one
 * round trip where a check and then the inserts took two. Each insert is a
 * row of `shown` or none.
 */
const addIfShown = compiledOnce("addToWishlistIfShown", (db, wisher: Wisher) => {
  // Built on their own: the inserts read `shown`, written before them.
  const withShown = db.withTables<{ shown: { id: string } }>();
  const rowOfShown = withShown
    .selectFrom("shown")
    .select((eb) => [
      eb.val(wisher.userId).as("userId"),
      "shown.id as bikeId",
      eb.val(wisher.addedAt).as("addedAt"),
    ]);
  return db
    .with("shown", (cte) => shownBikeFor(cte, wisher))
    .with("added", () =>
      withShown
        .insertInto("wishlist")
        .columns(["userId", "bikeId", "addedAt"])
        .expression(rowOfShown)
        .onConflict((oc) => oc.columns(["userId", "bikeId"]).doNothing()),
    )
    .with("firstWish", () =>
      withShown
        .insertInto("firstWishes")
        .columns(["userId", "bikeId", "addedAt"])
        .expression(rowOfShown)
        .onConflict((oc) => oc.column("userId").doNothing()),
    )
    .selectFrom("shown")
    .select("shown.id");
});

const isShownToWisher = compiledOnce("shownToWisher", shownBikeFor);
const addEntry = compiledOnce("addToWishlist", insertEntry);
const addFirstWish = compiledOnce("addFirstWish", insertFirstWish);

const removeEntry = compiledOnce(
  "removeFromWishlist",
  (db, values: { userId: string; bikeId: string }) =>
    db
      .deleteFrom("wishlist")
      .where("userId", "=", values.userId)
      .where("bikeId", "=", values.bikeId),
);

/**
 * Adds a bike the wisher may see; false (nothing written) for one they
 * can't. Adding twice is not an error: the first time it was added is what
 * counts. The very first bike a user wishlists is kept apart, for good: the
 * 5% promotion stays with it whatever is removed and added later.
 */
export async function addToWishlist(
  db: AppDb,
  dialect: Dialect,
  wisher: Pick<User, "id" | "role">,
  bikeId: string,
): Promise<boolean> {
  const entry = { userId: wisher.id, bikeId, addedAt: new Date().toISOString() };
  const values = { ...entry, admin: wisher.role === "admin" };
  if (dialect === "postgres") return (await addIfShown(db, values)).rows.length > 0;
  // SQLite can't write in a `with`; a statement here costs no round trip.
  return inTransaction(db, async (trx) => {
    if ((await isShownToWisher(trx, values)).rows.length === 0) return false;
    await addEntry(trx, entry);
    await addFirstWish(trx, entry);
    return true;
  });
}

export async function removeFromWishlist(db: AppDb, userId: string, bikeId: string) {
  await removeEntry(db, { userId, bikeId });
}

/**
 * A page of the viewer's saved bikes, newest first (one more than `limit`,
 * to tell whether another page follows). Keyset on (addedAt, bikeId)
 * through the (userId, addedAt) index: a page costs the same however much
 * they saved. Bikes they may no longer see (hidden by an admin) are left out.
 */
export function wishlistPage(
  db: AppDb,
  viewer: Pick<User, "id" | "role">,
  after: TimeCursor | undefined,
  limit: number,
) {
  const saved = selectBikes(db, viewer.id)
    .innerJoin("wishlist as saved", (join) =>
      join.onRef("saved.bikeId", "=", "bikes.id").on("saved.userId", "=", viewer.id),
    )
    .leftJoin("firstWishes", (join) =>
      join.onRef("firstWishes.bikeId", "=", "bikes.id").on("firstWishes.userId", "=", viewer.id),
    )
    .select(["saved.addedAt as savedAt", "firstWishes.bikeId as firstWishBikeId"])
    .where(shownTo(viewer));
  return newestFirst(saved, { time: "saved.addedAt", id: "saved.bikeId" }, after, limit);
}

/**
 * GET /api/me/wishlist: a page of saved bikes, each marked if it is the
 * first bike the viewer ever saved, which keeps the 5% promotion whatever
 * was removed since (PRODUCT.md §4): not always the oldest entry left. A
 * bike saved while they page goes on top and shifts nothing.
 */
export async function listWishlist(
  db: AppDb,
  viewer: Pick<User, "id" | "role">,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<WishlistEntry>> {
  const rows = await wishlistPage(db, viewer, decodeTimeCursor(page.cursor), page.limit).execute();
  const entries = rows.map((row) => ({
    addedAt: toIso(row.savedAt),
    firstWishlistItem: row.firstWishBikeId !== null,
    bike: toBike(row, viewer),
  }));
  return pageOf(entries, page.limit, (last) => ({ at: last.addedAt, id: last.bike.id }));
}
