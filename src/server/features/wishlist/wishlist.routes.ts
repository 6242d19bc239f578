import { Hono } from "hono";
import { findBikes } from "../../catalog/bike-reads";
import type { AppBindings } from "../../context";
import { toIso } from "../../db/database";
import { AppError } from "../../errors";
import { requireUser, signedInUser } from "../../middleware/session";
import { addToWishlist, listWishlistBikeIds, removeFromWishlist } from "./wishlist.queries";

/** /api/me/wishlist */
export const wishlistRoutes = new Hono<AppBindings>();

wishlistRoutes.use("*", requireUser);

/** Oldest first, so the first item is the one the 5% promotion applies to. */
wishlistRoutes.get("/", async (c) => {
  const { db } = c.get("deps");
  const user = signedInUser(c);
  const entries = await listWishlistBikeIds(db, user.id);
  const bikes = new Map(
    (
      await findBikes(
        db,
        user,
        entries.map((entry) => entry.bikeId),
      )
    ).map((bike) => [bike.id, bike]),
  );
  const items = entries.flatMap((entry) => {
    const bike = bikes.get(entry.bikeId);
    return bike ? [{ addedAt: toIso(entry.addedAt), bike }] : [];
  });
  return c.json({ items });
});

wishlistRoutes.put("/:bikeId", async (c) => {
  const { db, dialect } = c.get("deps");
  const user = signedInUser(c);
  if (!(await addToWishlist(db, dialect, user, c.req.param("bikeId")))) {
    throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  }
  return c.body(null, 204);
});

wishlistRoutes.delete("/:bikeId", async (c) => {
  await removeFromWishlist(c.get("deps").db, signedInUser(c).id, c.req.param("bikeId"));
  return c.body(null, 204);
});
