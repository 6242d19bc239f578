import { type Context, Hono } from "hono";
import { canDeleteBike, isAdmin, ownsBike } from "#src/shared/permissions";
import {
  type BikeDetail,
  bikeInputSchema,
  bikeUpdateSchema,
  myBikesQuerySchema,
} from "#src/shared/schemas/bikes";
import { bikeVisibilitySchema } from "#src/shared/schemas/moderation";
import { recordAdminAction } from "../../admin-log/admin-actions";
import { findBike } from "../../catalog/bike-reads";
import { pricesAlreadyRead, withFairPrice } from "../../catalog/fair-price-stats";
import { quoteForBuyer } from "../../catalog/quotes";
import type { AppBindings } from "../../context";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { readJson, readQuery } from "../../lib/validate";
import { cachedJson, cachedRead, readScopes, versionsReadFor } from "../../middleware/cached-read";
import { requireAccountType, requireUser, signedInUser } from "../../middleware/session";
import { hideListing, unhideListing } from "../../moderation/listing-visibility";
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
  const { db, dataVersion } = c.get("deps");
  return cachedJson(c, {
    items: await withFairPrice(
      db,
      await listAdvertisedBikes(db, c.get("user")),
      // Every category's prices' version, as cachedRead read them with the catalog.
      pricesAlreadyRead(versionsReadFor(c), dataVersion),
    ),
  });
});

bikesRoutes.get("/:id", requireUser, cachedRead(readScopes.bike), async (c) => {
  const { db, dataVersion } = c.get("deps");
  const user = signedInUser(c);
  const bike = await findBike(db, user, c.req.param("id"));
  if (!bike) throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  // Its category's prices' version, as cachedRead read it with the bike's.
  const [rated] = await withFairPrice(
    db,
    [bike],
    pricesAlreadyRead(versionsReadFor(c), dataVersion),
  );
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
  return cachedJson(c, detail);
});

bikesRoutes.post("/", requireAccountType("seller"), async (c) => {
  const { db } = c.get("deps");
  const seller = signedInUser(c);
  const id = await createBike(db, seller.id, await readJson(c, bikeInputSchema));
  return c.json(await findBike(db, seller, id), 201);
});

bikesRoutes.patch("/:id", requireUser, async (c) => {
  const { db, env, outbox } = c.get("deps");
  const user = signedInUser(c);
  const bikeId = c.req.param("id");
  if (await changesVisibility(c)) {
    if (!isAdmin(user)) {
      throw new AppError("FORBIDDEN", "Only an administrator may hide a listing or show it again.");
    }
    const change = await readJson(c, bikeVisibilitySchema);
    const context = { admin: user, publicUrl: env.publicUrl };
    await inTransaction(db, (trx) =>
      change.hidden
        ? hideListing(trx, bikeId, change.reason, context)
        : unhideListing(trx, bikeId, context),
    );
    outbox.notify();
    return c.json(await findBike(db, user, bikeId));
  }
  await editBike(db, user, bikeId, await readJson(c, bikeUpdateSchema));
  return c.json(await findBike(db, user, bikeId));
});

bikesRoutes.delete("/:id", requireUser, async (c) => {
  const { db } = c.get("deps");
  const user = c.get("user");
  const bikeId = c.req.param("id");
  const current = await findBikeOwnerAndStatus(db, bikeId);
  // A hidden listing doesn't exist for anyone but its owner and admins.
  const hiddenFromCaller = current?.hidden && !ownsBike(user, current) && !isAdmin(user);
  if (!current || hiddenFromCaller)
    throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  if (!canDeleteBike(user, current)) {
    throw new AppError("FORBIDDEN", "Only the seller of this bike or an admin may delete it.");
  }
  await deleteBike(db, bikeId, async (trx) => {
    if (user && !ownsBike(user, current)) {
      await recordAdminAction(trx, {
        admin: user,
        action: "delete_listing",
        target: { type: "bike", id: bikeId, label: current.title },
      });
    }
  });
  return c.body(null, 204);
});

/** A body naming `hidden` asks to hide or show the listing (admins), not to edit it. */
async function changesVisibility(c: Context<AppBindings>): Promise<boolean> {
  const body: unknown = await c.req.json().catch(() => null);
  return typeof body === "object" && body !== null && "hidden" in body;
}

/** /api/me/bikes, a page at a time (docs/api.md). */
export const myBikesRoutes = new Hono<AppBindings>();

myBikesRoutes.get("/", requireAccountType("seller"), async (c) => {
  const page = readQuery(c, myBikesQuerySchema);
  return c.json(await listBikesBySeller(c.get("deps").db, signedInUser(c), page));
});
