import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { timestampType } from "./001-catalog";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented migration signature
type AnyDb = Kysely<any>;

/**
 * Reviews of sellers and each seller's rating (PRODUCT.md §8,
 * docs/decisions/0018-seller-ratings.md).
 *
 * One review per booking (a unique bookingId), written by that booking's
 * buyer once it is completed; the seller's one reply lives on the same row.
 * An admin's removal keeps the row, marked with who removed it, when and
 * why: the record of the removal, and the reason the buyer can't post the
 * same review again. The buyer's name is a snapshot, as on bookings, so a
 * review outlives its author's account; it goes with the seller's.
 *
 * `sellerRatings` holds each seller's count and sum of shown ratings, kept
 * by triggers on every write to reviews, so a card reads its seller's
 * rating by one primary-key join instead of aggregating reviews per card.
 * A seller with no row has no reviews.
 */
export function reviewsMigration(dialect: Dialect) {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable("reviews")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("bookingId", "text", (col) =>
          col.notNull().unique().references("bookings.id").onDelete("cascade"),
        )
        .addColumn("sellerId", "text", (col) =>
          col.notNull().references("users.id").onDelete("cascade"),
        )
        .addColumn("buyerId", "text", (col) => col.references("users.id").onDelete("set null"))
        .addColumn("buyerName", "text", (col) => col.notNull())
        .addColumn("bikeTitle", "text", (col) => col.notNull())
        .addColumn("rating", "integer", (col) => col.notNull().check(sql`rating between 1 and 5`))
        .addColumn("text", "text")
        .addColumn("createdAt", timestampType(dialect), (col) => col.notNull())
        .addColumn("replyText", "text")
        .addColumn("repliedAt", timestampType(dialect))
        .addColumn("removedAt", timestampType(dialect))
        .addColumn("removedBy", "text", (col) => col.references("users.id").onDelete("set null"))
        .addColumn("removedByName", "text")
        .addColumn("removalReason", "text")
        .execute();
      // A seller's reviews, newest first, paged by (createdAt, id).
      await db.schema
        .createIndex("reviews_seller_created")
        .on("reviews")
        .columns(["sellerId", "createdAt", "id"])
        .execute();
      await db.schema
        .createTable("sellerRatings")
        .addColumn("sellerId", "text", (col) =>
          col.primaryKey().references("users.id").onDelete("cascade"),
        )
        .addColumn("reviewCount", "integer", (col) => col.notNull())
        .addColumn("ratingSum", "integer", (col) => col.notNull())
        .execute();
      if (dialect === "postgres") await createPostgresTriggers(db);
      else await createSqliteTriggers(db);
    },
    async down(db: AnyDb) {
      if (dialect === "postgres") {
        await sql`drop trigger if exists seller_ratings on reviews`.execute(db);
        await sql`drop function if exists seller_ratings_follow_reviews()`.execute(db);
      } else {
        for (const name of [
          "seller_ratings_insert",
          "seller_ratings_delete",
          "seller_ratings_update",
        ]) {
          await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
        }
      }
      await db.schema.dropTable("sellerRatings").execute();
      await db.schema.dropTable("reviews").execute();
    },
  };
}

type Ref = ReturnType<typeof sql.ref>;

const add = (sellerId: Ref, rating: Ref) =>
  sql`insert into "sellerRatings" ("sellerId", "reviewCount", "ratingSum") values (${sellerId}, 1, ${rating})
    on conflict ("sellerId") do update set "reviewCount" = "sellerRatings"."reviewCount" + 1,
      "ratingSum" = "sellerRatings"."ratingSum" + excluded."ratingSum"`;
const remove = (sellerId: Ref, rating: Ref) =>
  sql`update "sellerRatings" set "reviewCount" = "reviewCount" - 1, "ratingSum" = "ratingSum" - ${rating}
    where "sellerId" = ${sellerId}`;

async function createSqliteTriggers(db: AnyDb) {
  const [oldSeller, oldRating] = [sql.ref("old.sellerId"), sql.ref("old.rating")];
  const [newSeller, newRating] = [sql.ref("new.sellerId"), sql.ref("new.rating")];
  await sql`create trigger seller_ratings_insert after insert on reviews
    when new."removedAt" is null begin ${add(newSeller, newRating)}; end`.execute(db);
  await sql`create trigger seller_ratings_delete after delete on reviews
    when old."removedAt" is null begin ${remove(oldSeller, oldRating)}; end`.execute(db);
  // Only a removal (or an undone one) changes what is counted; a reply doesn't.
  await sql`create trigger seller_ratings_update after update of "removedAt", rating on reviews
    when old."removedAt" is null or new."removedAt" is null begin
    update "sellerRatings" set "reviewCount" = "reviewCount" - 1, "ratingSum" = "ratingSum" - old.rating
      where "sellerId" = old."sellerId" and old."removedAt" is null;
    insert into "sellerRatings" ("sellerId", "reviewCount", "ratingSum")
      select new."sellerId", 1, new.rating where new."removedAt" is null
      on conflict ("sellerId") do update set "reviewCount" = "sellerRatings"."reviewCount" + 1,
        "ratingSum" = "sellerRatings"."ratingSum" + excluded."ratingSum";
  end`.execute(db);
}

async function createPostgresTriggers(db: AnyDb) {
  await sql`create function seller_ratings_follow_reviews() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old."removedAt" is null then
        ${remove(sql.ref("old.sellerId"), sql.ref("old.rating"))};
      end if;
      if tg_op <> 'DELETE' and new."removedAt" is null then
        ${add(sql.ref("new.sellerId"), sql.ref("new.rating"))};
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger seller_ratings after insert or delete or update of "removedAt", rating
    on reviews for each row execute function seller_ratings_follow_reviews()`.execute(db);
}
