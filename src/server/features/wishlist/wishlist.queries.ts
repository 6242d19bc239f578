import type { AppDb, Dialect } from "../../db/database";
import { inTransaction } from "../../db/transaction";

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
    await db
      .with("added", (cte) =>
        cte
          .insertInto("wishlist")
          .values(entry)
          .onConflict((oc) => oc.columns(["userId", "bikeId"]).doNothing())
          .returning("bikeId"),
      )
      .insertInto("firstWishes")
      .values(entry)
      .onConflict((oc) => oc.column("userId").doNothing())
      .execute();
    return;
  }
  // SQLite can't write in a `with`; a statement here costs no round trip.
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("wishlist")
      .values(entry)
      .onConflict((oc) => oc.columns(["userId", "bikeId"]).doNothing())
      .execute();
    await trx
      .insertInto("firstWishes")
      .values(entry)
      .onConflict((oc) => oc.column("userId").doNothing())
      .execute();
  });
}

export async function removeFromWishlist(db: AppDb, userId: string, bikeId: string) {
  await db
    .deleteFrom("wishlist")
    .where("userId", "=", userId)
    .where("bikeId", "=", bikeId)
    .execute();
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
