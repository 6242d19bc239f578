import { Hono } from "hono";
import {
  replyInputSchema,
  reviewInputSchema,
  reviewPageQuerySchema,
  reviewRemovalSchema,
} from "#src/shared/schemas/reviews";
import type { AppBindings } from "../../context";
import type { AppDb } from "../../db/database";
import { AppError } from "../../errors";
import { readJson, readQuery } from "../../lib/validate";
import { requireAdmin, requireUser, signedInUser } from "../../middleware/session";
import { createReview } from "./create-review";
import { removeReview, replyToReview } from "./review-answers";
import { findReview, findSellerProfile, listSellerReviews } from "./reviews.queries";

// Seller profiles and reviews (PRODUCT.md §8). None of these answers goes
// through the read cache: each is read fresh on every request.

/** POST /api/bookings/:id/review, mounted on /api/bookings beside the bookings' own routes. */
export const bookingReviewRoutes = new Hono<AppBindings>();

bookingReviewRoutes.post("/:id/review", requireUser, async (c) => {
  const { db, env, outbox } = c.get("deps");
  const input = await readJson(c, reviewInputSchema);
  const id = await createReview(db, signedInUser(c), c.req.param("id"), input, env.publicUrl);
  outbox.notify();
  return c.json(await shownReview(db, id), 201);
});

/** /api/reviews */
export const reviewsRoutes = new Hono<AppBindings>();

reviewsRoutes.post("/:id/reply", requireUser, async (c) => {
  const { db } = c.get("deps");
  const { text } = await readJson(c, replyInputSchema);
  const id = c.req.param("id");
  await replyToReview(db, signedInUser(c), id, text);
  return c.json(await shownReview(db, id), 201);
});

reviewsRoutes.delete("/:id", requireAdmin, async (c) => {
  const { db } = c.get("deps");
  const { reason } = await readJson(c, reviewRemovalSchema);
  await removeReview(db, signedInUser(c), c.req.param("id"), reason);
  return c.body(null, 204);
});

/** /api/sellers */
export const sellersRoutes = new Hono<AppBindings>();

sellersRoutes.get("/:id", requireUser, async (c) => {
  return c.json(await findSellerProfile(c.get("deps").db, signedInUser(c), c.req.param("id")));
});

sellersRoutes.get("/:id/reviews", requireUser, async (c) => {
  const page = readQuery(c, reviewPageQuerySchema);
  return c.json(await listSellerReviews(c.get("deps").db, c.req.param("id"), page));
});

async function shownReview(db: AppDb, id: string) {
  const review = await findReview(db, id);
  // Removed between the write and this read: it is gone.
  if (!review) throw new AppError("NOT_FOUND", "There is no such review.");
  return review;
}
