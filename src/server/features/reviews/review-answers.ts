import type { Kysely } from "kysely";
import type { User } from "#src/shared/schemas/users";
import { recordAdminAction } from "../../admin-log/admin-actions";
import type { Tables } from "../../db/tables";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { withReviewTables } from "./review-tables";

const noSuchReview = () => new AppError("NOT_FOUND", "There is no such review.");

/**
 * The reviewed seller answers a review, once. The write is guarded by
 * `replyText is null`, so two replies sent at once leave one.
 */
export async function replyToReview(
  db: Kysely<Tables>,
  seller: User,
  reviewId: string,
  text: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const reviews = withReviewTables(trx);
    const review = await reviews
      .selectFrom("reviews")
      .select(["id", "sellerId", "replyText"])
      .where("id", "=", reviewId)
      .where("removedAt", "is", null)
      .executeTakeFirst();
    if (!review) throw noSuchReview();
    if (review.sellerId !== seller.id) {
      throw new AppError("FORBIDDEN", "Only the reviewed seller may reply to this review.");
    }
    const replied = await reviews
      .updateTable("reviews")
      .set({ replyText: text, repliedAt: new Date().toISOString() })
      .where("id", "=", review.id)
      .where("sellerId", "=", seller.id)
      .where("replyText", "is", null)
      .executeTakeFirst();
    if (Number(replied.numUpdatedRows) === 0) {
      throw new AppError("CONFLICT", "You have already replied to this review.");
    }
  });
}

/**
 * An admin takes an abusive review off the profile. The row stays, marked
 * with who removed it, when and why (the record of the removal); the
 * seller's rating drops it by the database's trigger in the same write.
 */
export async function removeReview(
  db: Kysely<Tables>,
  admin: User,
  reviewId: string,
  reason: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const removed = await withReviewTables(trx)
      .updateTable("reviews")
      .set({
        removedAt: new Date().toISOString(),
        removedBy: admin.id,
        removedByName: admin.name,
        removalReason: reason,
      })
      .where("id", "=", reviewId)
      .where("removedAt", "is", null)
      .returning(["sellerId", "buyerName"])
      .executeTakeFirst();
    if (!removed) throw noSuchReview();
    const seller = await trx
      .selectFrom("users")
      .select("name")
      .where("id", "=", removed.sellerId)
      .executeTakeFirst();
    await recordAdminAction(trx, {
      admin,
      action: "remove_review",
      target: {
        type: "review",
        id: reviewId,
        label: `${removed.buyerName}'s review of ${seller?.name ?? "a deleted seller"}`,
      },
      reason,
    });
  });
}
