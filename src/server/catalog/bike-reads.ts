import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import { isAdmin } from "../../shared/permissions";
import type { ListedBike } from "../../shared/schemas/bikes";
import type { User } from "../../shared/schemas/users";
import { compiledOnce } from "../db/compiled-once";
import { type AppDb, toBool, toIso } from "../db/database";
import type { Tables } from "../db/tables";
import { photoUrls } from "../lib/photo-keys";
import { toSellerRating, withRatingTables } from "./seller-ratings";

// The bike read model, shared by every feature that shows listings
// (category pages, my products, wishlist, bookings' quotes).

/** A listing joined with its seller and category, as every bike read needs. */
export function selectBikes(db: AppDb, viewerId: string | null) {
  return (
    withRatingTables(db)
      .selectFrom("bikes")
      .innerJoin("users", "users.id", "bikes.sellerId")
      // The seller's rating: one row by primary key, kept by triggers (decision 18).
      .leftJoin("sellerRatings", "sellerRatings.sellerId", "bikes.sellerId")
      .innerJoin("categories", "categories.id", "bikes.categoryId")
      // The viewer's own heart and active booking: for no viewer (a visitor, or the page
      // every caller shares) not asked at all. Asked for nobody, the two joins' probes
      // made the read about 2.7 times as long (decision 21, fifteenth pass).
      .$if(viewerId !== null, (withViewer) =>
        withViewer
          .leftJoin("wishlist", (join) =>
            join
              .onRef("wishlist.bikeId", "=", "bikes.id")
              .on("wishlist.userId", "=", viewerId ?? ""),
          )
          // The caller's own active booking of the bike: at most one per bike
          // (migrations/002). The statuses are written into the SQL, not bound: only then
          // may either database use that partial index (one row per bike) rather than read
          // every booking the caller ever made, once per bike on the page.
          .leftJoin("bookings as yourBooking", (join) =>
            join
              .onRef("yourBooking.bikeId", "=", "bikes.id")
              .on("yourBooking.buyerId", "=", viewerId ?? "")
              .on("yourBooking.status", "in", [
                sql.lit<"pending">("pending"),
                sql.lit<"accepted">("accepted"),
              ]),
          )
          .select(["wishlist.bikeId as wishlistedBikeId", "yourBooking.id as yourBookingId"]),
      )
      .select([
        "bikes.id",
        "bikes.title",
        "bikes.name",
        "bikes.categoryId",
        "categories.name as categoryName",
        "bikes.imageUrl",
        "bikes.location",
        "bikes.yearsOfUse",
        "bikes.originalPrice",
        "bikes.resalePrice",
        "bikes.phone",
        "bikes.description",
        "bikes.status",
        "bikes.advertised",
        "bikes.postedAt",
        "bikes.mileageKm",
        "bikes.modelYear",
        "bikes.engineCc",
        "bikes.condition",
        "bikes.papersUpToDate",
        "bikes.sellerId",
        "users.name as sellerName",
        "users.verified as sellerVerified",
        "sellerRatings.reviewCount as sellerReviewCount",
        "sellerRatings.ratingSum as sellerRatingSum",
        "bikes.hidden",
        "bikes.hiddenReason",
        "bikes.hiddenAt",
        photoUploadIds.as("photoUploadIds"),
      ])
  );
}

/**
 * The bike's uploaded photos in order, cover first, as one comma-separated
 * text of upload ids (uuids; null for none), read with the bike: a page of
 * bikes is one statement, not a second one for its photos (decision 21). One
 * probe of bikePhotos' primary key per bike. `string_agg(… order by …)` is
 * spelled alike on PostgreSQL and SQLite (3.44 and later).
 */
const photoUploadIds = sql<string | null>`(
  select string_agg("bikePhotos"."uploadId", ',' order by "bikePhotos"."position")
  from "bikePhotos" where "bikePhotos"."bikeId" = "bikes"."id")`;

export type BikeRow = Awaited<
  ReturnType<ReturnType<typeof selectBikes>["executeTakeFirstOrThrow"]>
>;

// A page's read model, built once per page size (db/compiled-once.ts): built on
// each call it cost about half as much as SQLite's run of it. A page holds at
// most PAGE_SIZE_MAX bikes, so there are at most twice that many texts (signed
// in or not).
const bikesByIds = compiledOnce(
  "bikesByIds",
  (db, values: { viewerId: string | null; ids: readonly string[] }) =>
    selectBikes(db, values.viewerId).where("bikes.id", "in", values.ids),
);

/**
 * The read model of these bikes, in no particular order, without asking
 * whether `viewerId` may see them: for ids a page's own filters found.
 */
export async function readBikesByIds(
  db: AppDb,
  viewerId: string | null,
  ids: readonly string[],
): Promise<BikeRow[]> {
  if (ids.length === 0) return [];
  return (await bikesByIds(db, { viewerId, ids })).rows;
}

/** The seller's phone goes only to the seller and to admins: no one else's contact data leaks. */
export function toBike(row: BikeRow, viewer: Pick<User, "id" | "role"> | null): ListedBike {
  const maySeeContact = viewer !== null && (viewer.id === row.sellerId || viewer.role === "admin");
  return {
    id: row.id,
    title: row.title,
    name: row.name,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    imageUrl: row.imageUrl,
    location: row.location,
    yearsOfUse: row.yearsOfUse,
    originalPrice: row.originalPrice,
    resalePrice: row.resalePrice,
    ...(maySeeContact ? { phone: row.phone } : {}),
    description: row.description,
    status: row.status,
    advertised: toBool(row.advertised),
    postedAt: toIso(row.postedAt),
    mileageKm: row.mileageKm,
    modelYear: row.modelYear,
    engineCc: row.engineCc,
    condition: row.condition,
    papersUpToDate: row.papersUpToDate === null ? null : toBool(row.papersUpToDate),
    seller: {
      id: row.sellerId,
      name: row.sellerName,
      verified: toBool(row.sellerVerified),
      rating: toSellerRating(row.sellerReviewCount, row.sellerRatingSum),
    },
    // A bike whose cover is a pasted link has no uploads: [].
    photos: row.photoUploadIds ? row.photoUploadIds.split(",").map(photoUrls) : [],
    wishlisted: (row.wishlistedBikeId ?? null) !== null,
    yourBookingId: row.yourBookingId ?? null,
    ...(Number(row.hidden) === 1 && maySeeContact
      ? {
          hidden: {
            reason: row.hiddenReason ?? "",
            hiddenAt: row.hiddenAt ? toIso(row.hiddenAt) : toIso(row.postedAt),
          },
        }
      : {}),
  };
}

/**
 * A hidden listing exists only for its owner and admins (PRODUCT.md §8):
 * every read of one bike, or of bikes by id, goes through this.
 */
export function shownTo(viewer: Pick<User, "id" | "role"> | null) {
  return (eb: ExpressionBuilder<Tables, "bikes">): Expression<SqlBool> => {
    if (isAdmin(viewer)) return eb.lit(true);
    const shown = eb("bikes.hidden", "=", 0);
    return viewer ? eb.or([shown, eb("bikes.sellerId", "=", viewer.id)]) : shown;
  };
}

// One bike's read model, built once for each kind of viewer (db/compiled-once.ts): a bike's
// page read afresh and every new listing's answer read it.
const bikeById = compiledOnce(
  "bikeById",
  (db, values: { bikeId: string; viewerId: string | null; viewerIsAdmin: boolean }) =>
    selectBikes(db, values.viewerId)
      .where("bikes.id", "=", values.bikeId)
      .where(
        shownTo(
          values.viewerId === null
            ? null
            : { id: values.viewerId, role: values.viewerIsAdmin ? "admin" : "user" },
        ),
      ),
);

export async function findBike(db: AppDb, viewer: User | null, bikeId: string) {
  const [row] = (
    await bikeById(db, {
      bikeId,
      viewerId: viewer?.id ?? null,
      viewerIsAdmin: isAdmin(viewer),
    })
  ).rows;
  return row ? toBike(row, viewer) : null;
}

/** Several bikes by id, in no particular order (the caller orders them). */
export async function findBikes(db: AppDb, viewer: User, bikeIds: string[]) {
  if (bikeIds.length === 0) return [];
  const rows = await selectBikes(db, viewer.id)
    .where("bikes.id", "in", bikeIds)
    .where(shownTo(viewer))
    .execute();
  return rows.map((row) => toBike(row, viewer));
}
