import type { Kysely } from "kysely";
import type { Review, ReviewPage, SellerProfile } from "#src/shared/schemas/reviews";
import type { User } from "#src/shared/schemas/users";
import { selectBikes, toBike } from "../../catalog/bike-reads";
import { toSellerRating } from "../../catalog/seller-ratings";
import { medianReplyMinutes } from "../../conversations/reply-times";
import { toBool, toIso } from "../../db/database";
import type { Tables } from "../../db/tables";
import { AppError } from "../../errors";
import { decodeTimeCursor, newestFirst, pageOf } from "../../lib/time-cursor";
import { withReviewTables } from "./review-tables";

/** A profile shows at most this many of the seller's available bikes, newest first. */
export const PROFILE_BIKES = 60;

const noSuchSeller = () => new AppError("NOT_FOUND", "There is no such seller.");

/** The seller's account, or null when the id is no seller's (buyers and admins have no profile). */
function findSellerAccount(db: Kysely<Tables>, sellerId: string) {
  return db
    .selectFrom("users")
    .select(["id", "name", "verified", "createdAt"])
    .where("id", "=", sellerId)
    .where("accountType", "=", "seller")
    .executeTakeFirst();
}

/**
 * GET /api/sellers/:id. `medianReplyMinutes` comes from conversations;
 * until they exist there is nothing to measure and it is null.
 */
export async function findSellerProfile(
  db: Kysely<Tables>,
  viewer: User,
  sellerId: string,
): Promise<SellerProfile> {
  const seller = await findSellerAccount(db, sellerId);
  if (!seller) throw noSuchSeller();
  const [rating, sales, rows] = await Promise.all([
    withReviewTables(db)
      .selectFrom("sellerRatings")
      .select(["reviewCount", "ratingSum"])
      .where("sellerId", "=", seller.id)
      .executeTakeFirst(),
    db
      .selectFrom("bookings")
      .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
      .where("sellerId", "=", seller.id)
      .where("status", "=", "completed")
      .executeTakeFirstOrThrow(),
    selectBikes(db, viewer.id)
      .where("bikes.sellerId", "=", seller.id)
      .where("bikes.status", "=", "available")
      .where("bikes.hidden", "=", 0)
      .orderBy("bikes.postedAt", "desc")
      .orderBy("bikes.id", "desc")
      .limit(PROFILE_BIKES)
      .execute(),
  ]);
  return {
    id: seller.id,
    name: seller.name,
    verified: toBool(seller.verified),
    memberSince: toIso(seller.createdAt),
    rating: toSellerRating(rating?.reviewCount ?? null, rating?.ratingSum ?? null),
    completedSales: Number(sales.count),
    medianReplyMinutes: await medianReplyMinutes(db, seller.id),
    bikes: rows.map((row) => toBike(row, viewer)),
  };
}

function selectShownReviews(db: Kysely<Tables>) {
  return withReviewTables(db)
    .selectFrom("reviews")
    .select([
      "id",
      "rating",
      "text",
      "createdAt",
      "buyerName",
      "bikeTitle",
      "replyText",
      "repliedAt",
    ])
    .where("removedAt", "is", null);
}

type ReviewRow = Awaited<
  ReturnType<ReturnType<typeof selectShownReviews>["executeTakeFirstOrThrow"]>
>;

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    createdAt: toIso(row.createdAt),
    buyerName: row.buyerName,
    bikeTitle: row.bikeTitle,
    reply:
      row.replyText !== null && row.repliedAt !== null
        ? { text: row.replyText, createdAt: toIso(row.repliedAt) }
        : null,
  };
}

/** One shown review, as the API answers it. */
export async function findReview(db: Kysely<Tables>, reviewId: string): Promise<Review | null> {
  const row = await selectShownReviews(db).where("id", "=", reviewId).executeTakeFirst();
  return row ? toReview(row) : null;
}

/** A page of the seller's shown reviews, newest first; the cursor is the last one's (createdAt, id). */
export async function listSellerReviews(
  db: Kysely<Tables>,
  sellerId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<ReviewPage> {
  if (!(await findSellerAccount(db, sellerId))) throw noSuchSeller();
  const after = decodeTimeCursor(page.cursor);
  const shown = selectShownReviews(db).where("sellerId", "=", sellerId);
  const rows = await newestFirst(
    shown,
    { time: "createdAt", id: "id" },
    after,
    page.limit,
  ).execute();
  return pageOf(rows.map(toReview), page.limit, (last) => ({ at: last.createdAt, id: last.id }));
}
