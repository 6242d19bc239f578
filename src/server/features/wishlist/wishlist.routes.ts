import { Hono } from "hono";
import { wishlistQuerySchema } from "#src/shared/schemas/bikes";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import { readQuery } from "../../lib/validate";
import { requireUser, signedInUser } from "../../middleware/session";
import { addToWishlist, listWishlist, removeFromWishlist } from "./wishlist.queries";

/** /api/me/wishlist */
export const wishlistRoutes = new Hono<AppBindings>();

wishlistRoutes.use("*", requireUser);

/** Newest first, a page at a time (docs/api.md). */
wishlistRoutes.get("/", async (c) => {
  const page = readQuery(c, wishlistQuerySchema);
  return c.json(await listWishlist(c.get("deps").db, signedInUser(c), page));
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
