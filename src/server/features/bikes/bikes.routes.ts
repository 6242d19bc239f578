import { Hono } from "hono";
import { canDeleteBike, canEditBike } from "#src/shared/permissions";
import { type BikeDetail, bikeInputSchema, bikeUpdateSchema } from "#src/shared/schemas/bikes";
import { categoryBikesQuerySchema } from "#src/shared/schemas/search";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import { listBikes } from "../../lib/bike-listing";
import { findBike } from "../../lib/bike-reads";
import { decodeCursor, encodeCursor } from "../../lib/cursor";
import { withFairPrice } from "../../lib/fair-price-stats";
import { quoteForBuyer } from "../../lib/quotes";
import { readJson, readQuery } from "../../lib/validate";
import { cachedRead } from "../../middleware/cached-read";
import { callerOf, requireAccountType, requireUser } from "../../middleware/session";
import {
  checkOwnUploads,
  newBikeImageUrl,
  setBikePhotos,
  updateBikePicture,
} from "../uploads/bike-photos";
import {
  categoryExists,
  createBike,
  deleteBike,
  findBikeOwnerAndStatus,
  listAdvertisedBikes,
  listBikesBySeller,
  updateOwnBike,
} from "./bikes.queries";

const invalidCategory = () =>
  new AppError("VALIDATION_FAILED", "Some fields need attention.", {
    categoryId: "Select category",
  });

/** /api/bikes */
export const bikesRoutes = new Hono<AppBindings>();

bikesRoutes.get("/advertised", cachedRead, async (c) => {
  const { db } = c.get("deps");
  return c.json({ items: await withFairPrice(db, await listAdvertisedBikes(db, c.get("user"))) });
});

bikesRoutes.get("/:id", requireUser, cachedRead, async (c) => {
  const { db } = c.get("deps");
  const user = callerOf(c);
  const bike = await findBike(db, user, c.req.param("id"));
  if (!bike) throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  const [rated] = await withFairPrice(db, [bike]);
  const detail: BikeDetail = { ...(rated ?? bike), quote: await quoteForBuyer(db, user.id, bike) };
  return c.json(detail);
});

bikesRoutes.post("/", requireAccountType("seller"), async (c) => {
  const { db } = c.get("deps");
  const seller = callerOf(c);
  const { photos, ...input } = await readJson(c, bikeInputSchema);
  if (!(await categoryExists(db, input.categoryId))) throw invalidCategory();
  // Photos (features/uploads/bike-photos.ts): checked before anything is written.
  if (photos) await checkOwnUploads(db, seller.id, photos);
  const imageUrl = newBikeImageUrl({ ...input, photos });
  const id = await createBike(db, seller.id, { ...input, imageUrl });
  if (photos) {
    await setBikePhotos(db, id, seller.id, photos).catch(async (error: unknown) => {
      await deleteBike(db, id); // a new listing comes with its photos or not at all
      throw error;
    });
  }
  return c.json(await findBike(db, seller, id), 201);
});

bikesRoutes.patch("/:id", requireUser, async (c) => {
  const { db } = c.get("deps");
  const user = callerOf(c);
  const bikeId = c.req.param("id");
  const current = await findBikeOwnerAndStatus(db, bikeId);
  if (!current) throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  if (!canEditBike(user, current)) {
    throw new AppError("FORBIDDEN", "Only the seller of this bike may change it.");
  }
  const input = await readJson(c, bikeUpdateSchema);
  if (input.categoryId !== undefined && !(await categoryExists(db, input.categoryId))) {
    throw invalidCategory();
  }
  const { advertised, photos, ...fields } = input;
  if (advertised === true && current.status !== "available") {
    throw new AppError("CONFLICT", "Only an available bike can be advertised.");
  }
  if (photos) {
    // Photos (features/uploads/bike-photos.ts): with photos the cover is the picture.
    await checkOwnUploads(db, user.id, photos);
    fields.imageUrl = undefined;
  }
  const changes = {
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(advertised === undefined ? {} : { advertised: advertised ? 1 : 0 }),
  };
  await updateOwnBike(db, bikeId, user.id, changes);
  await updateBikePicture(db, bikeId, user.id, { photos, imageUrl: fields.imageUrl });
  return c.json(await findBike(db, user, bikeId));
});

bikesRoutes.delete("/:id", requireUser, async (c) => {
  const { db } = c.get("deps");
  const user = c.get("user");
  const bikeId = c.req.param("id");
  const current = await findBikeOwnerAndStatus(db, bikeId);
  if (!current) throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  if (!canDeleteBike(user, current)) {
    throw new AppError("FORBIDDEN", "Only the seller of this bike or an admin may delete it.");
  }
  await deleteBike(db, bikeId);
  return c.body(null, 204);
});

/** /api/categories/:id/bikes */
export const categoryBikesRoutes = new Hono<AppBindings>();

categoryBikesRoutes.get("/:id/bikes", requireUser, cachedRead, async (c) => {
  const { db, dialect } = c.get("deps");
  const user = callerOf(c);
  const category = await categoryExists(db, c.req.param("id"));
  if (!category) throw new AppError("NOT_FOUND", "There is no such category.");
  const { cursor, limit, sort, ...filters } = readQuery(c, categoryBikesQuerySchema);
  // Every status: booked and sold bikes stay on the category page, with a badge.
  const page = await listBikes(
    db,
    dialect,
    user,
    { ...filters, categoryId: category.id, availableOnly: false },
    { sort, cursor: decodeCursor(cursor, sort), limit },
  );
  return c.json({
    category,
    items: await withFairPrice(db, page.items),
    nextCursor: page.next ? encodeCursor(page.next) : null,
  });
});

/** /api/me/bikes */
export const myBikesRoutes = new Hono<AppBindings>();

myBikesRoutes.get("/", requireAccountType("seller"), async (c) => {
  return c.json({ items: await listBikesBySeller(c.get("deps").db, callerOf(c)) });
});
