import { type SqlBool, sql } from "kysely";
import type { AccountType } from "#src/shared/schemas/auth";
import type { AppDb, Dialect } from "../../db/database";
import { inTransaction } from "../../db/transaction";
import { lockAccount } from "../../lib/account-lock";
import { newestFirst, type TimeCursor } from "../../lib/time-cursor";
import { notify } from "../../notifications/notify";

/**
 * A page of the accounts of one type, newest first (one more than `limit`,
 * to tell whether another page follows): keyset on (createdAt, id) through
 * the (accountType, createdAt) index (migration 032), so a page costs the
 * same however many people signed up. `q` keeps the accounts whose name or
 * address holds it, any case: checked on each account the index hands over,
 * so a rare match costs a walk through the type's accounts (an admin's
 * search, not a visitor's).
 */
export function accountsPage(
  db: AppDb,
  accountType: AccountType,
  after: TimeCursor | undefined,
  limit: number,
  q?: string,
) {
  let query = db
    .selectFrom("users")
    .select(["id", "name", "email", "emailVerified", "accountType", "verified", "createdAt"])
    .where("accountType", "=", accountType);
  if (q) {
    const holds = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(
      sql<SqlBool>`(lower(${sql.ref("name")}) like ${holds} escape '\\' or lower(${sql.ref("email")}) like ${holds} escape '\\')`,
    );
  }
  return newestFirst(query, { time: "users.createdAt", id: "users.id" }, after, limit);
}

export async function findUserEmailAndType(db: AppDb, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email", "emailVerified", "accountType"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/**
 * Sets a seller's verified mark. A seller who becomes verified is told, in
 * the same transaction; setting the mark they already have tells nobody.
 */
export async function setSellerVerified(
  db: AppDb,
  dialect: Dialect,
  userId: string,
  verified: boolean,
  options: { publicUrl: string; alongside?: (trx: AppDb) => Promise<void> },
) {
  // better-auth's boolean column is a real boolean on PostgreSQL and 0/1 on SQLite.
  const value = dialect === "postgres" ? verified : verified ? 1 : 0;
  const unlike = dialect === "postgres" ? !verified : verified ? 0 : 1;
  await inTransaction(db, async (trx) => {
    const changed = await trx
      .updateTable("users")
      .set({ verified: value, updatedAt: new Date().toISOString() })
      .where("id", "=", userId)
      .where("accountType", "=", "seller")
      .where("verified", "=", unlike)
      .executeTakeFirst();
    await options.alongside?.(trx);
    if (!verified || Number(changed.numUpdatedRows) === 0) return;
    await notify(
      trx,
      {
        userId,
        kind: "account_verified",
        title: "Your seller account is verified",
        body: "An administrator verified your account. Buyers now see the verified mark beside your name on your bikes and your profile.",
        link: `/sellers/${userId}`,
      },
      { publicUrl: options.publicUrl },
    );
  });
}

/**
 * Deleting an account (PRODUCT.md §4): its active bookings, as buyer and on
 * its bikes, are cancelled and the bikes it had booked become available
 * again; then the user row goes, and with it (by foreign keys) its sessions,
 * sign-in accounts, listings and wishlist. Bookings stay, with their snapshot.
 * The other party of each cancelled booking is told.
 */
export async function deleteUserAccount(
  db: AppDb,
  dialect: Dialect,
  userId: string,
  options: { publicUrl: string; alongside?: (trx: AppDb) => Promise<void> },
) {
  await inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    // Lock first, read after: a booking by this account, or on one of its
    // bikes, is either committed before the reads below (and cancelled by
    // them) or starts after this transaction and finds the rows gone.
    if (!(await lockAccount(trx, dialect, userId))) return;
    await trx.updateTable("bikes").set({ updatedAt: now }).where("sellerId", "=", userId).execute();
    const active = await trx
      .selectFrom("bookings")
      .select(["bikeId", "buyerId", "sellerId", "buyerName", "sellerName", "bikeTitle"])
      .where((eb) => eb.or([eb("buyerId", "=", userId), eb("sellerId", "=", userId)]))
      .where("status", "in", ["pending", "accepted"])
      .execute();
    const booked = active.filter((booking) => booking.buyerId === userId);
    await trx
      .updateTable("bookings")
      .set({ status: "cancelled", updatedAt: now })
      .where((eb) => eb.or([eb("buyerId", "=", userId), eb("sellerId", "=", userId)]))
      .where("status", "in", ["pending", "accepted"])
      .execute();
    const bikeIds = booked.flatMap((row) => (row.bikeId ? [row.bikeId] : []));
    if (bikeIds.length > 0) {
      await trx
        .updateTable("bikes")
        .set({ status: "available", updatedAt: now })
        .where("id", "in", bikeIds)
        .where("status", "=", "booked")
        .execute();
    }
    for (const booking of active) {
      const byBuyer = booking.buyerId === userId;
      const other = byBuyer ? booking.sellerId : booking.buyerId;
      if (!other) continue;
      const link = byBuyer ? "/dashboard" : "/dashboard/myBooking";
      await notify(
        trx,
        {
          userId: other,
          kind: "booking_cancelled",
          title: byBuyer ? "A booking was cancelled" : "Your booking was cancelled",
          body: byBuyer
            ? `The booking of “${booking.bikeTitle}” by ${booking.buyerName} was cancelled: the account was closed. The bike is available again.`
            : `Your booking of “${booking.bikeTitle}” from ${booking.sellerName} was cancelled: the seller's account was closed.`,
          link,
        },
        { publicUrl: options.publicUrl, now: new Date(now) },
      );
    }
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    await options.alongside?.(trx);
  });
}
