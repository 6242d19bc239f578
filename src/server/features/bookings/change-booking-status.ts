import type { QueryCreator } from "kysely";
import { bikeStatusAfter, canTransition } from "#src/shared/booking-rules";
import type { BikeStatus } from "#src/shared/schemas/bikes";
import { type Booking, type BookingStatus, bookingStatuses } from "#src/shared/schemas/bookings";
import type { User } from "#src/shared/schemas/users";
import { compiledOnce } from "../../db/compiled-once";
import type { AppDb, Dialect } from "../../db/database";
import type { Tables } from "../../db/tables";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { withNotificationTables } from "../../notifications/notification-tables";
import { tellAboutBooking } from "./booking-notices";
import { toBooking } from "./bookings.queries";

type MoveValues = { bookingId: string; userId: string; now: string };

/**
 * The move and the rules in one statement: from a status `to` may follow, by
 * the buyer or the seller of the booking. Null for a status nobody may move
 * a booking to.
 */
function moveBuilderTo(to: BookingStatus) {
  const parties = (["buyer", "seller"] as const)
    .map((side) => ({
      column: side === "buyer" ? ("buyerId" as const) : ("sellerId" as const),
      from: bookingStatuses.filter((status) => canTransition(side, status, to)),
    }))
    .filter((party) => party.from.length > 0);
  if (parties.length === 0) return null;
  return (db: QueryCreator<Tables>, values: MoveValues) =>
    db
      .updateTable("bookings")
      .set({ status: to, updatedAt: values.now })
      .where("id", "=", values.bookingId)
      .where((eb) =>
        eb.or(
          parties.map((party) =>
            eb.and([eb(party.column, "=", values.userId), eb("status", "in", party.from)]),
          ),
        ),
      )
      .returningAll();
}

/**
 * PostgreSQL: the move, the bike's status kept in step and the party to tell
 * (the other one) in one statement, a write in `with` (which SQLite lacks):
 * one round trip where it took three.
 */
function moveWithBikeTo(to: BookingStatus, move: NonNullable<ReturnType<typeof moveBuilderTo>>) {
  const bikeStatus: BikeStatus = bikeStatusAfter(to);
  return compiledOnce(`moveBookingAndBikeTo:${to}`, (db, values: MoveValues) =>
    withNotificationTables(db)
      // Built on `db`: the move's builder is typed for the app's tables alone.
      .with("moved", () => move(db, values))
      .with("bike", (cte) =>
        cte
          .updateTable("bikes")
          .set({ status: bikeStatus, updatedAt: values.now })
          .where("id", "=", (eb) => eb.selectFrom("moved").select("moved.bikeId"))
          .returning("phone"),
      )
      .selectFrom("moved")
      .leftJoin("users as party", (join) =>
        join.on((eb) =>
          eb(
            "party.id",
            "=",
            eb
              .case()
              .when("moved.buyerId", "=", values.userId)
              .then(eb.ref("moved.sellerId"))
              .else(eb.ref("moved.buyerId"))
              .end(),
          ),
        ),
      )
      .selectAll("moved")
      .select((eb) => [
        eb.selectFrom("bike").select("bike.phone").as("sellerPhone"),
        "party.id as partyId",
        "party.email as partyEmail",
        "party.name as partyName",
        eb
          .selectFrom("userPreferences")
          .select("userPreferences.emailNotifications")
          .whereRef("userPreferences.userId", "=", "party.id")
          .as("partyEmailNotifications"),
      ]),
  );
}

/** Per status moved to: the move alone (SQLite), and the move with its bike and party (PostgreSQL). */
const moves = new Map(
  bookingStatuses.flatMap((to) => {
    const move = moveBuilderTo(to);
    if (!move) return [];
    return [
      [
        to,
        { alone: compiledOnce(`moveBookingTo:${to}`, move), withBike: moveWithBikeTo(to, move) },
      ] as const,
    ];
  }),
);

/** The bike's status as its booking's move leaves it; its phone, for the answer. */
const setBikeStatus = compiledOnce(
  "setBikeStatus",
  (db, values: { bikeId: string; status: BikeStatus; now: string }) =>
    db
      .updateTable("bikes")
      .set({ status: values.status, updatedAt: values.now })
      .where("id", "=", values.bikeId)
      .returning("phone"),
);

/**
 * Moves a booking along the allowed transitions and keeps its bike's status
 * in step; the other party is told in the same transaction. Returns the
 * booking as this change left it, from the statements that wrote it.
 */
export async function changeBookingStatus(
  db: AppDb,
  user: User,
  bookingId: string,
  to: BookingStatus,
  options: { publicUrl: string; dialect: Dialect },
): Promise<Booking> {
  return await inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const move = moves.get(to);
    if (!move) throw await whyNotMoved(trx, user, bookingId, to);
    const values = { bookingId, userId: user.id, now };
    if (options.dialect === "postgres") {
      const [row] = (await move.withBike(trx, values)).rows;
      if (!row) throw await whyNotMoved(trx, user, bookingId, to);
      const { sellerPhone, partyId, partyEmail, partyName, partyEmailNotifications, ...booking } =
        row;
      const side = booking.buyerId === user.id ? "buyer" : "seller";
      await tellAboutBooking(trx, booking, to, side, {
        publicUrl: options.publicUrl,
        dialect: options.dialect,
        recipient:
          partyId && partyEmail && partyName
            ? {
                id: partyId,
                email: partyEmail,
                name: partyName,
                emailNotifications: partyEmailNotifications,
              }
            : null,
      });
      // Only a completed booking can be reviewed, and nothing moves on from completed: no review yet.
      return toBooking({ ...booking, sellerPhone: sellerPhone ?? null, reviewId: null });
    }
    const [booking] = (await move.alone(trx, values)).rows;
    if (!booking) throw await whyNotMoved(trx, user, bookingId, to);
    const side = booking.buyerId === user.id ? "buyer" : "seller";
    const [bike] = booking.bikeId
      ? (await setBikeStatus(trx, { bikeId: booking.bikeId, status: bikeStatusAfter(to), now }))
          .rows
      : [];
    await tellAboutBooking(trx, booking, to, side, { publicUrl: options.publicUrl });
    return toBooking({ ...booking, sellerPhone: bike?.phone ?? null, reviewId: null });
  });
}

/** The error for a booking that `user` could not move to `to`, read after the move found no row. */
async function whyNotMoved(
  trx: AppDb,
  user: User,
  bookingId: string,
  to: BookingStatus,
): Promise<AppError> {
  const booking = await trx
    .selectFrom("bookings")
    .select(["buyerId", "sellerId", "status"])
    .where("id", "=", bookingId)
    .executeTakeFirst();
  if (!booking) return new AppError("NOT_FOUND", "There is no such booking.");
  const side =
    booking.buyerId === user.id ? "buyer" : booking.sellerId === user.id ? "seller" : null;
  if (!side)
    return new AppError("FORBIDDEN", "Only the buyer or the seller may change this booking.");
  if (!canTransition(side, booking.status, to)) {
    return new AppError("CONFLICT", `A ${booking.status} booking can't be marked ${to}.`);
  }
  return new AppError("CONFLICT", "This booking changed meanwhile. Reload and try again.");
}
