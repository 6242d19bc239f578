import { randomUUID } from "node:crypto";
import { type Insertable, sql } from "kysely";
import type {
  BikeCondition,
  BikeStatus,
  ListedBike,
  Page,
  YourBooking,
} from "#src/shared/schemas/bikes";
import type { User } from "#src/shared/schemas/users";
import { selectBikes, toBike } from "../../catalog/bike-reads";
import { refreshSearchColumns, searchColumns } from "../../catalog/search-text";
import { compiledOnce } from "../../db/compiled-once";
import type { AppDb } from "../../db/database";
import type { BikesTable, BikeUpdate } from "../../db/tables";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { decodeTimeCursor, newestFirst, pageOf, type TimeCursor } from "../../lib/time-cursor";

/** The home page's Advertised section: the newest advertised bikes buyers can book. */
export function advertisedBikes(db: AppDb, viewer: User | null, limit = 12) {
  return (
    selectBikes(db, viewer?.id ?? null)
      // Written into the SQL, not bound: only then may either database read the
      // index of exactly these bikes (migrations/031) in order, and PostgreSQL's
      // plan made once for the statement is as good as one made for each call,
      // so it keeps that one rather than planning every call (decision 21).
      .where("bikes.advertised", "=", sql.lit<1>(1))
      .where("bikes.status", "=", sql.lit<"available">("available"))
      .where("bikes.hidden", "=", sql.lit<0>(0))
      .orderBy("bikes.postedAt", "desc")
      .orderBy("bikes.id", "desc")
      .limit(sql.lit(limit))
  );
}

export async function listAdvertisedBikes(db: AppDb, viewer: User | null, limit = 12) {
  const rows = await advertisedBikes(db, viewer, limit).execute();
  return rows.map((row) => toBike(row, viewer));
}

/**
 * A page of the seller's own listings in every status, newest first (one
 * more than `limit`, to tell whether another page follows). Keyset on
 * (postedAt, id) through the (sellerId, postedAt) index (migration 030): a
 * page costs the same however many bikes the seller has listed.
 */
export function sellerBikesPage(
  db: AppDb,
  seller: Pick<User, "id">,
  after: TimeCursor | undefined,
  limit: number,
) {
  const theirs = selectBikes(db, seller.id).where("bikes.sellerId", "=", seller.id);
  return newestFirst(theirs, { time: "bikes.postedAt", id: "bikes.id" }, after, limit);
}

/** GET /api/me/bikes: a page, and the next one's cursor; a listing added meanwhile shifts nothing. */
export async function listBikesBySeller(
  db: AppDb,
  seller: User,
  page: { cursor?: string | undefined; limit: number },
): Promise<Page<ListedBike>> {
  const rows = await sellerBikesPage(
    db,
    seller,
    decodeTimeCursor(page.cursor),
    page.limit,
  ).execute();
  const bikes = rows.map((row) => toBike(row, seller));
  return pageOf(bikes, page.limit, (last) => ({ at: last.postedAt, id: last.id }));
}

export const invalidCategory = () =>
  new AppError("VALIDATION_FAILED", "Some fields need attention.", {
    categoryId: "Select category",
  });

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
  mileageKm: number;
  modelYear: number;
  engineCc: number;
  condition: BikeCondition;
  papersUpToDate: boolean;
}

/**
 * The new listing, written only into a category that exists: its id, or null
 * when there is no such category. One statement, so a listing without photos
 * needs no transaction: one round trip where reading the category first, in
 * a transaction, took four (docs/decisions/0021, sixteenth pass).
 */
export async function insertBike(
  db: AppDb,
  sellerId: string,
  input: NewBikeInput,
): Promise<string | null> {
  const id = randomUUID();
  const now = new Date().toISOString();
  const row: Insertable<BikesTable> = {
    id,
    sellerId,
    ...input,
    ...searchColumns(input),
    description: input.description ?? null,
    papersUpToDate: input.papersUpToDate ? 1 : 0,
    status: "available",
    advertised: 0,
    postedAt: now,
    updatedAt: now,
  };
  const result = await insertIntoCategory(db, row);
  return Number(result.numAffectedRows ?? 0) > 0 ? id : null;
}

// Every new listing runs it: built by Kysely once (db/compiled-once.ts), the columns listed
// from the row it writes (the same keys every call).
const insertIntoCategory = compiledOnce(
  "insertIntoCategory",
  (db, row: Insertable<BikesTable> & { categoryId: string }) => {
    const columns = Object.keys(row) as (keyof BikesTable)[];
    return db
      .insertInto("bikes")
      .columns(columns)
      .expression((eb) =>
        eb
          .selectFrom("categories")
          .select(columns.map((column) => eb.val(row[column]).as(column)))
          .where("categories.id", "=", row.categoryId),
      );
  },
);

/**
 * Ownership is part of the where clause: another seller's bike simply isn't
 * found. `trx` is a transaction: the search words change with the fields.
 */
export async function updateOwnBike(
  trx: AppDb,
  bikeId: string,
  sellerId: string,
  changes: Omit<BikeUpdate, "id" | "sellerId" | "postedAt">,
) {
  const result = await trx
    .updateTable("bikes")
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where("id", "=", bikeId)
    .where("sellerId", "=", sellerId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  // The search words follow the fields they are made of.
  if ("title" in changes || "name" in changes || "location" in changes) {
    await refreshSearchColumns(trx, bikeId);
  }
  return true;
}

export async function findBikeOwnerAndStatus(db: AppDb, bikeId: string) {
  const row = await db
    .selectFrom("bikes")
    .select(["sellerId", "status", "title", "hidden"])
    .where("id", "=", bikeId)
    .executeTakeFirst();
  if (!row) return null;
  const { sellerId, title } = row;
  return { sellerId, title, status: row.status as BikeStatus, hidden: Number(row.hidden) === 1 };
}

/**
 * Deleting a listing cancels its active booking first; the booking keeps its
 * snapshot and its bikeId goes null through the foreign key.
 */
export async function deleteBike(
  db: AppDb,
  bikeId: string,
  alongside?: (trx: AppDb) => Promise<void>,
) {
  return inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    // Take the bike's row lock first: a booking racing this deletion then
    // waits for it and finds the bike gone, instead of slipping in between
    // the cancel below and the delete (PostgreSQL; SQLite serialises anyway).
    await trx.updateTable("bikes").set({ updatedAt: now }).where("id", "=", bikeId).execute();
    await trx
      .updateTable("bookings")
      .set({ status: "cancelled", updatedAt: now })
      .where("bikeId", "=", bikeId)
      .where("status", "in", ["pending", "accepted"])
      .execute();
    const result = await trx.deleteFrom("bikes").where("id", "=", bikeId).executeTakeFirst();
    await alongside?.(trx);
    return Number(result.numDeletedRows) > 0;
  });
}

/** The caller's active booking of the bike, with the prices it keeps. */
export async function findYourBooking(
  db: AppDb,
  buyerId: string,
  bookingId: string | null,
): Promise<YourBooking | null> {
  if (!bookingId) return null;
  const row = await db
    .selectFrom("bookings")
    .select(["id", "status", "listedPrice", "discountPercent", "finalPrice"])
    .where("id", "=", bookingId)
    .where("buyerId", "=", buyerId)
    .where("status", "in", ["pending", "accepted"])
    .executeTakeFirst();
  if (!row || (row.status !== "pending" && row.status !== "accepted")) return null;
  return { ...row, status: row.status };
}
