import type { User } from "../../shared/schemas/users";
import { recordAdminAction } from "../admin-log/admin-actions";
import type { AppDb } from "../db/database";
import { AppError } from "../errors";
import { notify } from "../notifications/notify";

// Taking a listing down and putting it back (PRODUCT.md §8, reports and
// moderation). Shared by the reports queue (hide from a report) and the bike
// itself (PATCH /api/bikes/:id {hidden}). Each runs inside the caller's
// transaction, so the listing, its bookings, its reports, the admin's record
// and the owner's notification change together or not at all.

type Admin = Pick<User, "id" | "name">;

export interface VisibilityContext {
  admin: Admin;
  /** PUBLIC_URL, for the notification's mail. */
  publicUrl: string;
  now?: Date;
}

const MY_PRODUCTS = "/dashboard/MyProduct";

async function bikeOrNotFound(trx: AppDb, bikeId: string) {
  const bike = await trx
    .selectFrom("bikes")
    .select(["id", "title", "sellerId", "hidden"])
    .where("id", "=", bikeId)
    .executeTakeFirst();
  if (!bike) throw new AppError("NOT_FOUND", "This bike is no longer listed.");
  return bike;
}

/**
 * Hides a listing: gone from every list, search, count and page but its
 * owner's and the admins'. Its active bookings end (nobody should meet over
 * a listing taken down) and their buyers are told; every open report of it
 * closes as `hidden`; the owner is told why. Hiding a hidden bike only
 * closes its open reports.
 */
export async function hideListing(
  trx: AppDb,
  bikeId: string,
  reason: string,
  context: VisibilityContext,
): Promise<void> {
  const { admin, publicUrl } = context;
  const now = (context.now ?? new Date()).toISOString();
  const bike = await bikeOrNotFound(trx, bikeId);
  if (Number(bike.hidden) === 0) {
    await trx
      .updateTable("bikes")
      .set({ hidden: 1, hiddenReason: reason, hiddenAt: now, advertised: 0, updatedAt: now })
      .where("id", "=", bikeId)
      .execute();
    const ended = await trx
      .updateTable("bookings")
      .set({ status: "cancelled", updatedAt: now })
      .where("bikeId", "=", bikeId)
      .where("status", "in", ["pending", "accepted"])
      .returning(["buyerId"])
      .execute();
    // The bike's status follows its bookings (booked while one is active).
    await trx
      .updateTable("bikes")
      .set({ status: "available" })
      .where("id", "=", bikeId)
      .where("status", "=", "booked")
      .execute();
    for (const { buyerId } of ended) {
      if (!buyerId) continue;
      await notify(
        trx,
        {
          userId: buyerId,
          kind: "booking_cancelled",
          title: `Your booking of ${bike.title} was cancelled`,
          body: `ReRide took the listing "${bike.title}" down, so your booking of it has ended.`,
          link: "/dashboard/myBooking",
        },
        { publicUrl },
      );
    }
    await recordAdminAction(trx, {
      admin,
      action: "hide_listing",
      target: { type: "bike", id: bike.id, label: bike.title },
      reason,
    });
    await notify(
      trx,
      {
        userId: bike.sellerId,
        kind: "listing_hidden",
        title: `Your listing ${bike.title} was hidden`,
        body: `An administrator hid "${bike.title}" from buyers. The reason: ${reason}`,
        link: MY_PRODUCTS,
      },
      { publicUrl },
    );
  }
  await trx
    .withTables<{ reports: ReportsTableForClosing }>()
    .updateTable("reports")
    .set({ status: "closed", resolution: "hidden", closedBy: admin.id, closedAt: now })
    .where("bikeId", "=", bikeId)
    .where("status", "=", "open")
    .execute();
}

/** Puts a hidden listing back where buyers see it. */
export async function unhideListing(trx: AppDb, bikeId: string, context: VisibilityContext) {
  const bike = await bikeOrNotFound(trx, bikeId);
  if (Number(bike.hidden) === 0) return;
  const now = (context.now ?? new Date()).toISOString();
  await trx
    .updateTable("bikes")
    .set({ hidden: 0, hiddenReason: null, hiddenAt: null, updatedAt: now })
    .where("id", "=", bikeId)
    .execute();
  await recordAdminAction(trx, {
    admin: context.admin,
    action: "unhide_listing",
    target: { type: "bike", id: bike.id, label: bike.title },
  });
}

interface ReportsTableForClosing {
  bikeId: string;
  status: string;
  resolution: string | null;
  closedBy: string | null;
  closedAt: string | null;
}
