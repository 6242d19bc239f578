import { Hono } from "hono";
import { canDeleteBike } from "#src/shared/permissions";
import { type BikeDetail, bikeInputSchema, bikeUpdateSchema } from "#src/shared/schemas/bikes";
import { findBike } from "../../catalog/bike-reads";
import { withFairPrice } from "../../catalog/fair-price-stats";
import { quoteForBuyer } from "../../catalog/quotes";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import { readJson } from "../../lib/validate";
import { cachedRead, readScopes } from "../../middleware/cached-read";
import { requireAccountType, requireUser, signedInUser } from "../../middleware/session";
import {
  deleteBike,
  findBikeOwnerAndStatus,
  findYourBooking,
  listAdvertisedBikes,
  listBikesBySeller,
} from "./bikes.queries";
import { createBike } from "./create-bike";
import { editBike } from "./edit-bike";

/** /api/bikes */
export const bikesRoutes = new Hono<AppBindings>();

bikesRoutes.get("/advertised", cachedRead(readScopes.catalog), async (c) => {
  const { db } = c.get("deps");
  return c.json({ items: await withFairPrice(db, await listAdvertisedBikes(db, c.get("user"))) });
});

bikesRoutes.get("/:id", requireUser, cachedRead(readScopes.bike), async (c) => {
  const { db } = c.get("deps");
  const user = signedInUser(c);
  const bike = await findBike(db, user, c.req.param("id"));
  if (!bike) throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  const [rated] = await withFairPrice(db, [bike]);
  const [quote, yourBooking] = await Promise.all([
    quoteForBuyer(db, user.id, bike),
    findYourBooking(db, user.id, bike.yourBookingId),
  ]);
  const detail: BikeDetail = {
    ...(rated ?? bike),
    quote,
    ownBike: bike.seller.id === user.id,
    yourBooking,
  };
  return c.json(detail);
});

bikesRoutes.post("/", requireAccountType("seller"), async (c) => {
  const { db } = c.get("deps");
  const seller = signedInUser(c);
  const id = await createBike(db, seller.id, await readJson(c, bikeInputSchema));
  return c.json(await findBike(db, seller, id), 201);
});

bikesRoutes.patch("/:id", requireUser, async (c) => {
  const { db } = c.get("deps");
  const user = signedInUser(c);
  const bikeId = c.req.param("id");
  await editBike(db, user, bikeId, await readJson(c, bikeUpdateSchema));
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

/** /api/me/bikes */
export const myBikesRoutes = new Hono<AppBindings>();

myBikesRoutes.get("/", requireAccountType("seller"), async (c) => {
  return c.json({ items: await listBikesBySeller(c.get("deps").db, signedInUser(c)) });
});
