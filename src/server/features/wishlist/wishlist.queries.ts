import type { AppDb } from "../../db/database";

/** Adding twice is not an error: the first time it was added is what counts. */
export async function addToWishlist(db: AppDb, userId: string, bikeId: string) {
  await db
    .insertInto("wishlist")
    .values({ userId, bikeId, addedAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["userId", "bikeId"]).doNothing())
    .execute();
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
