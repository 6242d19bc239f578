import type { QueryCreator } from "kysely";
import { compiledOnce } from "../../db/compiled-once";
import type { AppDb, Dialect } from "../../db/database";
import type { Tables } from "../../db/tables";
import { inTransaction } from "../../db/transaction";

// A heart's statements, each built by Kysely once (db/compiled-once.ts): hearts are
// the most frequent write.
type Entry = { userId: string; bikeId: string; addedAt: string };

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

/** PostgreSQL: the entry and, if it is the user's first ever, the first wish, in one statement. */
const addBoth = compiledOnce("addToWishlistAndFirstWish", (db, entry: Entry) =>
  db
    .with("added", (cte) => insertEntry(cte, entry).returning("bikeId"))
    .insertInto("firstWishes")
    .values(entry)
    .onConflict((oc) => oc.column("userId").doNothing()),
);

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
 * Adding twice is not an error: the first time it was added is what counts.
 * The very first bike a user wishlists is kept apart, for good: the 5%
 * promotion stays with it whatever is removed and added later.
 */
export async function addToWishlist(db: AppDb, dialect: Dialect, userId: string, bikeId: string) {
  const addedAt = new Date().toISOString();
  const entry = { userId, bikeId, addedAt };
  if (dialect === "postgres") {
    // Both rows in one statement, so one round trip where a transaction took four: a
    // statement is all or nothing on its own.
    await addBoth(db, entry);
    return;
  }
  // SQLite can't write in a `with`; a statement here costs no round trip.
  await inTransaction(db, async (trx) => {
    await addEntry(trx, entry);
    await addFirstWish(trx, entry);
  });
}

export async function removeFromWishlist(db: AppDb, userId: string, bikeId: string) {
  await removeEntry(db, { userId, bikeId });
}

/** Oldest first: the first entry is the one the 5% promotion applies to. */
export async function listWishlistBikeIds(db: AppDb, userId: string) {
  return db
    .selectFrom("wishlist")
    .select(["bikeId", "addedAt"])
    .where("userId", "=", userId)
    .orderBy("addedAt")
    .orderBy("bikeId")
    .execute();
}
