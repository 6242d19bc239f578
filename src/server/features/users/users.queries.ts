import type { AccountType } from "#src/shared/schemas/auth";
import type { AppDb, Dialect } from "../../db/database";
import { inTransaction } from "../../db/transaction";
import { lockAccount } from "../../lib/account-lock";

export async function listUsersByAccountType(db: AppDb, accountType: AccountType) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email", "emailVerified", "accountType", "verified", "createdAt"])
    .where("accountType", "=", accountType)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
}

export async function findUserEmailAndType(db: AppDb, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "name", "email", "emailVerified", "accountType"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export async function setSellerVerified(
  db: AppDb,
  dialect: Dialect,
  userId: string,
  verified: boolean,
) {
  // better-auth's boolean column is a real boolean on PostgreSQL and 0/1 on SQLite.
  const value = dialect === "postgres" ? verified : verified ? 1 : 0;
  await db
    .updateTable("users")
    .set({ verified: value, updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .where("accountType", "=", "seller")
    .execute();
}

/**
 * Deleting an account (PRODUCT.md §4): its active bookings, as buyer and on
 * its bikes, are cancelled and the bikes it had booked become available
 * again; then the user row goes, and with it (by foreign keys) its sessions,
 * sign-in accounts, listings and wishlist. Bookings stay, with their snapshot.
 */
export async function deleteUserAccount(
  db: AppDb,
  userId: string,
  alongside?: (trx: AppDb) => Promise<void>,
) {
  await inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    // Lock first, read after: a booking by this account, or on one of its
    // bikes, is either committed before the reads below (and cancelled by
    // them) or starts after this transaction and finds the rows gone.
    if (!(await lockAccount(trx, userId))) return;
    await trx.updateTable("bikes").set({ updatedAt: now }).where("sellerId", "=", userId).execute();
    const booked = await trx
      .selectFrom("bookings")
      .select("bikeId")
      .where("buyerId", "=", userId)
      .where("status", "in", ["pending", "accepted"])
      .execute();
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
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    await alongside?.(trx);
  });
}
