import { randomUUID } from "node:crypto";
import type { BikeStatus } from "../../../shared/schemas/bikes";
import type { User } from "../../../shared/schemas/users";
import { type AppDb, toIso } from "../../db/database";
import type { BikeUpdate } from "../../db/tables";
import { selectBikes, toBike } from "../../lib/bike-reads";
import type { Cursor } from "../../lib/cursor";

export async function listBikesByCategory(
  db: AppDb,
  viewer: User,
  categoryId: string,
  page: { cursor: Cursor | null; limit: number },
) {
  let query = selectBikes(db, viewer.id).where("bikes.categoryId", "=", categoryId);
  const { cursor } = page;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb("bikes.postedAt", "<", cursor.at),
        eb.and([eb("bikes.postedAt", "=", cursor.at), eb("bikes.id", "<", cursor.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("bikes.postedAt", "desc")
    .orderBy("bikes.id", "desc")
    .limit(page.limit + 1)
    .execute();
  const items = rows.slice(0, page.limit).map((row) => toBike(row, viewer));
  const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
  return { items, next: last ? { at: toIso(last.postedAt), id: last.id } : null };
}

export async function listAdvertisedBikes(db: AppDb, viewer: User | null, limit = 12) {
  const rows = await selectBikes(db, viewer?.id ?? null)
    .where("bikes.advertised", "=", 1)
    .where("bikes.status", "=", "available")
    .orderBy("bikes.postedAt", "desc")
    .orderBy("bikes.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toBike(row, viewer));
}

export async function listBikesBySeller(db: AppDb, seller: User) {
  const rows = await selectBikes(db, seller.id)
    .where("bikes.sellerId", "=", seller.id)
    .orderBy("bikes.postedAt", "desc")
    .orderBy("bikes.id", "desc")
    .execute();
  return rows.map((row) => toBike(row, seller));
}

export async function categoryExists(db: AppDb, categoryId: string) {
  const row = await db
    .selectFrom("categories")
    .select(["id", "name"])
    .where("id", "=", categoryId)
    .executeTakeFirst();
  return row ?? null;
}

export interface NewBikeInput {
  title: string;
  name: string;
  categoryId: string;
  imageUrl: string;
  location: string;
  yearsOfUse: number;
  originalPrice: number;
  resalePrice: number;
  phone: string;
  description?: string | undefined;
}

export async function createBike(db: AppDb, sellerId: string, input: NewBikeInput) {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("bikes")
    .values({
      id,
      sellerId,
      ...input,
      description: input.description ?? null,
      status: "available",
      advertised: 0,
      postedAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

/** Ownership is part of the where clause: another seller's bike simply isn't found. */
export async function updateOwnBike(
  db: AppDb,
  bikeId: string,
  sellerId: string,
  changes: Omit<BikeUpdate, "id" | "sellerId" | "postedAt">,
) {
  const result = await db
    .updateTable("bikes")
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where("id", "=", bikeId)
    .where("sellerId", "=", sellerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findBikeOwnerAndStatus(db: AppDb, bikeId: string) {
  const row = await db
    .selectFrom("bikes")
    .select(["sellerId", "status"])
    .where("id", "=", bikeId)
    .executeTakeFirst();
  return row ? { sellerId: row.sellerId, status: row.status as BikeStatus } : null;
}

/**
 * Deleting a listing cancels its active booking first; the booking keeps its
 * snapshot and its bikeId goes null through the foreign key.
 */
export async function deleteBike(db: AppDb, bikeId: string) {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await trx
      .updateTable("bookings")
      .set({ status: "cancelled", updatedAt: now })
      .where("bikeId", "=", bikeId)
      .where("status", "in", ["pending", "accepted"])
      .execute();
    const result = await trx.deleteFrom("bikes").where("id", "=", bikeId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
