import type { Deps } from "../../context";
import type { AppDb } from "../../db/database";
import { inTransaction } from "../../db/transaction";
import { tellAboutBooking } from "./booking-notices";

const HOUR_MS = 3_600_000;
const EXPIRE_EVERY_MS = 60_000;
// Per transaction: a long-stopped server catching up takes short locks, not one long one.
const BATCH = 200;

/**
 * Pending bookings older than `pendingHours` at `now` become `expired` and
 * their bikes available again (PRODUCT.md §8). Safe with several processes
 * running it at once: each booking moves only from `pending`, inside the
 * transaction that frees its bike, so it expires once, and a seller's answer
 * racing the job wins or loses whole. Both sides are told in that same
 * transaction, so they are told once too. Returns the bookings it expired.
 */
export async function expirePendingBookings(
  db: AppDb,
  now: Date,
  pendingHours: number,
  options: { publicUrl: string },
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - pendingHours * HOUR_MS).toISOString();
  const expired: string[] = [];
  for (;;) {
    const batch = await inTransaction(db, async (trx) => {
      // Claiming is the transaction's first statement, and a write: on SQLite
      // it waits for the write lock rather than holding a read snapshot that
      // another process's expiry makes stale (SQLITE_BUSY); on PostgreSQL a
      // row another run claimed meanwhile fails the status check and is skipped.
      const due = await trx
        .updateTable("bookings")
        .set({ status: "expired", updatedAt: now.toISOString() })
        .where("status", "=", "pending")
        .where("id", "in", (eb) =>
          eb
            .selectFrom("bookings")
            .select("id")
            .where("status", "=", "pending")
            .where("createdAt", "<", cutoff)
            .orderBy("createdAt")
            .limit(BATCH),
        )
        .returning(["id", "bikeId", "buyerId", "sellerId", "buyerName", "sellerName", "bikeTitle"])
        .execute();
      for (const booking of due) {
        if (booking.bikeId) {
          await trx
            .updateTable("bikes")
            .set({ status: "available", updatedAt: now.toISOString() })
            .where("id", "=", booking.bikeId)
            .where("status", "=", "booked")
            .execute();
        }
        await tellAboutBooking(trx, booking, "expired", "schedule", {
          publicUrl: options.publicUrl,
          now,
        });
      }
      return { moved: due.map((booking) => booking.id), more: due.length === BATCH };
    });
    expired.push(...batch.moved);
    if (!batch.more) return expired;
  }
}

/** Runs the expiry every minute in this process; `clock` is the time it expires against. */
export function startBookingExpiry(deps: Deps, clock: () => Date = () => new Date()) {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = expirePendingBookings(deps.db, clock(), deps.env.bookings.pendingHours, {
      publicUrl: deps.env.publicUrl,
    })
      .then((ids) => {
        if (ids.length === 0) return;
        deps.logger.info({ expiredBookings: ids.length }, "expired bookings");
        deps.outbox.notify();
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, "booking expiry failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, EXPIRE_EVERY_MS);
  timer.unref();
  run();
  return {
    /** Stops the schedule and waits for a run in progress. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
