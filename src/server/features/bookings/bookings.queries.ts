import { randomUUID } from "node:crypto";
import { expressionBuilder, type Insertable, type QueryCreator } from "kysely";
import type { Quote } from "#src/shared/schemas/bikes";
import {
  activeBookingStatuses,
  type Booking,
  type BookingPage,
} from "#src/shared/schemas/bookings";
import type { User } from "#src/shared/schemas/users";
import { promotionRecordsOf, quoteFrom } from "../../catalog/quotes";
import { withReviewTables } from "../../catalog/seller-ratings";
import { compiledOnce } from "../../db/compiled-once";
import { type AppDb, type Dialect, toIso } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import type { BookingRow, BookingsTable, Tables } from "../../db/tables";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { lockAccount } from "../../lib/account-lock";
import { decodeTimeCursor, newestFirst, pageOf, type TimeCursor } from "../../lib/time-cursor";
import { withNotificationTables } from "../../notifications/notification-tables";
import { tellAboutBooking } from "./booking-notices";

const bikeTaken = () =>
  new AppError("CONFLICT", "Sorry, this bike was just booked by someone else.");

/** 409 PRICE_CHANGED, with the quote the buyer would get now (docs/api.md). */
export class PriceChangedError extends AppError {
  constructor(readonly quote: Quote) {
    super(
      "PRICE_CHANGED",
      "The price of this bike has changed. Check the new price and book again.",
    );
  }

  override toBody() {
    const body = super.toBody();
    return { error: { ...body.error, quote: this.quote } };
  }
}

/** How many active bookings the buyer has, as an expression any statement can read. */
function activeBookingsOf(buyerId: string) {
  return expressionBuilder<Tables, never>()
    .selectFrom("bookings")
    .select((inner) => inner.fn.countAll<number | string | bigint>().as("count"))
    .where("buyerId", "=", buyerId)
    .where("status", "in", activeBookingStatuses);
}

// A booking's statements, each built by Kysely once (db/compiled-once.ts): built on
// every call, with the garbage they left, they were a fifth of a booking's CPU.

/** The bike, the buyer's active bookings and their promotion records in one statement. */
const bikeToBook = compiledOnce("bikeToBook", (db, values: { bikeId: string; buyerId: string }) =>
  withNotificationTables(db)
    .selectFrom("bikes")
    .innerJoin("users", "users.id", "bikes.sellerId")
    .select((eb) => [
      "bikes.id",
      "bikes.sellerId",
      "bikes.title",
      "bikes.imageUrl",
      "bikes.resalePrice",
      "bikes.status",
      "users.name as sellerName",
      // Whom the seller's notice and mail go to (notifyReadRecipient).
      "users.email as sellerEmail",
      eb
        .selectFrom("userPreferences")
        .select("userPreferences.emailNotifications")
        .whereRef("userPreferences.userId", "=", "users.id")
        .as("sellerEmailNotifications"),
      activeBookingsOf(values.buyerId).as("activeBookings"),
      ...promotionRecordsOf(values.buyerId),
    ])
    .where("bikes.id", "=", values.bikeId)
    .where("bikes.hidden", "=", 0),
);

/** Available → booked, guarded by the status it had when read. */
const flipBuilder = (db: QueryCreator<Tables>, values: { bikeId: string; now: string }) =>
  db
    .updateTable("bikes")
    .set({ status: "booked", updatedAt: values.now })
    .where("id", "=", values.bikeId)
    .where("status", "=", "available")
    .where("hidden", "=", 0);
const flipToBooked = compiledOnce("flipToBooked", flipBuilder);

const insertBooking = compiledOnce("insertBooking", (db, booking: Insertable<BookingsTable>) =>
  db.insertInto("bookings").values(booking),
);

/**
 * PostgreSQL: the bike flipped and the booking written in one statement (a
 * write in `with`, which SQLite lacks), one round trip where it took two.
 * The booking is written only if the bike flipped; the bike's id comes back
 * if it did.
 */
const flipAndInsertBooking = compiledOnce(
  "flipAndInsertBooking",
  (db, booking: Insertable<BookingsTable> & { bikeId: string; createdAt: string }) => {
    const columns = Object.keys(booking) as (keyof BookingsTable)[];
    return db
      .with("flipped", (cte) =>
        flipBuilder(cte, { bikeId: booking.bikeId, now: booking.createdAt }).returning("id"),
      )
      .with("booked", (cte) =>
        cte
          .insertInto("bookings")
          .columns(columns)
          .expression((eb) =>
            eb
              .selectFrom("flipped")
              .select(columns.map((column) => eb.val(booking[column]).as(column))),
          ),
      )
      .selectFrom("flipped")
      .select("id");
  },
);

/** The bike flipped from available to booked and the booking written; false if the bike wasn't available. */
async function flipAndWrite(
  trx: AppDb,
  dialect: Dialect,
  booking: Insertable<BookingsTable> & { bikeId: string; createdAt: string },
): Promise<boolean> {
  if (dialect === "postgres") return (await flipAndInsertBooking(trx, booking)).rows.length > 0;
  const flipped = await flipToBooked(trx, { bikeId: booking.bikeId, now: booking.createdAt });
  if (Number(flipped.numAffectedRows ?? 0) === 0) return false;
  await insertBooking(trx, booking);
  return true;
}

/**
 * Books a bike at the price the server computes. The bike flips from
 * available to booked in the same transaction, guarded by its status, and a
 * partial unique index allows one active booking per bike: concurrent buyers
 * get one 201 and the rest 409, on SQLite and PostgreSQL alike.
 *
 * One buyer's bookings are taken one at a time (the buyer's row is locked
 * first), so the first-booking discount is given once even when a buyer
 * books several bikes at the same moment, and an account being deleted
 * can't gain a booking its deletion doesn't see.
 *
 * The same lock makes the cap on active bookings (`maxActive`) exact: the
 * count is read while no other booking by this buyer can be written.
 *
 * With an `idempotencyKey`, a booking this buyer already made under that key
 * is the answer (the retry of a request whose answer was lost); the lock
 * above makes two retries in flight at once wait for each other.
 *
 * Returns the booking as the buyer sees it. A new one is answered from what
 * was written rather than read back: one round trip fewer for every booking.
 */
export async function createBooking(
  db: AppDb,
  buyer: User,
  input: BookingRequest,
  rules: {
    dialect: Dialect;
    maxActive: number;
    idempotencyKey?: string | undefined;
    publicUrl: string;
  },
): Promise<Booking> {
  const { idempotencyKey } = rules;
  try {
    return await inTransaction(db, async (trx) => {
      if (!(await lockAccount(trx, rules.dialect, buyer.id))) {
        throw new AppError("UNAUTHENTICATED", "Please login first.");
      }
      if (idempotencyKey) {
        const earlier = await selectBookings(trx)
          .where("bookings.buyerId", "=", buyer.id)
          .where("bookings.idempotencyKey", "=", idempotencyKey)
          .executeTakeFirst();
        if (earlier) return toBooking(earlier);
      }
      // The bike, the buyer's active bookings and their promotion records in one statement:
      // two round trips fewer on PostgreSQL than reading them apart.
      const [bike] = (await bikeToBook(trx, { bikeId: input.bikeId, buyerId: buyer.id })).rows;
      // The limit is told before anything about the bike, as when they were read apart.
      const active = bike
        ? bike.activeBookings
        : (
            await trx
              .selectNoFrom(() => activeBookingsOf(buyer.id).as("count"))
              .executeTakeFirstOrThrow()
          ).count;
      if (Number(active) >= rules.maxActive) {
        throw new AppError(
          "BOOKING_LIMIT",
          `You already have ${rules.maxActive} active bookings. Wait for an answer or cancel one first.`,
        );
      }
      if (!bike) throw new AppError("NOT_FOUND", "This bike is no longer listed.");
      if (bike.sellerId === buyer.id)
        throw new AppError("FORBIDDEN", "You can't book your own bike.");
      if (bike.status !== "available") throw bikeTaken();

      const quote = quoteFrom(bike, bike);
      if (input.expectedFinalPrice !== undefined && input.expectedFinalPrice !== quote.finalPrice) {
        throw new PriceChangedError(quote);
      }
      const now = new Date().toISOString();
      const booking = {
        id: randomUUID(),
        bikeId: bike.id,
        buyerId: buyer.id,
        sellerId: bike.sellerId,
        buyerName: buyer.name,
        sellerName: bike.sellerName,
        phone: input.phone,
        meetingLocation: input.meetingLocation,
        bikeTitle: bike.title,
        bikeImageUrl: bike.imageUrl,
        listedPrice: quote.listedPrice,
        discountPercent: quote.discountPercent,
        finalPrice: quote.finalPrice,
        status: "pending" as const,
        createdAt: now,
        updatedAt: now,
        idempotencyKey: idempotencyKey ?? null,
      };
      if (!(await flipAndWrite(trx, rules.dialect, booking))) {
        // Taken, deleted or hidden meanwhile: a fresh read tells which.
        const still = await trx
          .selectFrom("bikes")
          .select("id")
          .where("id", "=", bike.id)
          .where("hidden", "=", 0)
          .executeTakeFirst();
        if (!still) throw new AppError("NOT_FOUND", "This bike is no longer listed.");
        throw bikeTaken();
      }
      await tellAboutBooking(trx, booking, "pending", "buyer", {
        publicUrl: rules.publicUrl,
        dialect: rules.dialect,
        // Read with the bike: the statement that tells them can skip reading them again.
        recipient: {
          id: bike.sellerId,
          email: bike.sellerEmail,
          name: bike.sellerName,
          emailNotifications: bike.sellerEmailNotifications,
        },
      });
      // Pending: the seller's phone isn't shown yet, and a new booking has no review.
      return toBooking({ ...booking, sellerPhone: null, reviewId: null });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw bikeTaken();
    throw error;
  }
}

interface BookingRequest {
  bikeId: string;
  phone: string;
  meetingLocation: string;
  expectedFinalPrice?: number | undefined;
}

function selectBookings(db: AppDb) {
  return withReviewTables(db)
    .selectFrom("bookings")
    .leftJoin("bikes", "bikes.id", "bookings.bikeId")
    .leftJoin("reviews", "reviews.bookingId", "bookings.id")
    .selectAll("bookings")
    .select(["bikes.phone as sellerPhone", "reviews.id as reviewId"]);
}

export type BookingWithSellerPhone = BookingRow & {
  sellerPhone: string | null;
  reviewId: string | null;
};

/** The buyer sees the seller's phone only once the seller has accepted. */
export function toBooking(row: BookingWithSellerPhone): Booking {
  const sellerAgreed = row.status === "accepted" || row.status === "completed";
  return {
    id: row.id,
    bikeId: row.bikeId,
    bike: { title: row.bikeTitle, imageUrl: row.bikeImageUrl },
    buyer: { id: row.buyerId, name: row.buyerName },
    phone: row.phone,
    meetingLocation: row.meetingLocation,
    seller: {
      id: row.sellerId,
      name: row.sellerName,
      phone: sellerAgreed ? row.sellerPhone : null,
    },
    listedPrice: row.listedPrice,
    discountPercent: row.discountPercent,
    finalPrice: row.finalPrice,
    status: row.status,
    reviewed: row.reviewId !== null,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** Which bookings a list holds: the buyer's own, or those on the seller's bikes. */
export type BookingsOf = { buyerId: string } | { sellerId: string };

/**
 * A page of a buyer's bookings or a seller's sales, newest first (one more
 * than `limit`, to tell whether another page follows). Keyset on
 * (createdAt, id), read through the (buyerId, createdAt) and (sellerId,
 * createdAt) indexes: a page costs the same however long the history.
 */
export function bookingsPage(
  db: AppDb,
  of: BookingsOf,
  after: TimeCursor | undefined,
  limit: number,
) {
  const theirs =
    "buyerId" in of
      ? selectBookings(db).where("bookings.buyerId", "=", of.buyerId)
      : selectBookings(db).where("bookings.sellerId", "=", of.sellerId);
  return newestFirst(theirs, { time: "bookings.createdAt", id: "bookings.id" }, after, limit);
}

/**
 * GET /api/me/bookings and /api/me/sales: a page, and the next one's cursor.
 * A booking made while someone pages goes on top and never shifts a page
 * under them.
 */
export async function listBookings(
  db: AppDb,
  of: BookingsOf,
  page: { cursor?: string | undefined; limit: number },
): Promise<BookingPage> {
  const rows = await bookingsPage(db, of, decodeTimeCursor(page.cursor), page.limit).execute();
  return pageOf(rows.map(toBooking), page.limit, (last) => ({ at: last.createdAt, id: last.id }));
}
