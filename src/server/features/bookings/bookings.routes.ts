import { Hono } from "hono";
import {
  bookingInputSchema,
  bookingListQuerySchema,
  bookingUpdateSchema,
} from "#src/shared/schemas/bookings";
import type { AppBindings } from "../../context";
import { AppError } from "../../errors";
import { readJson, readQuery } from "../../lib/validate";
import { requireAccountType, requireUser, signedInUser } from "../../middleware/session";
import { createBooking, listBookings } from "./bookings.queries";
import { changeBookingStatus } from "./change-booking-status";

/** /api/bookings */
export const bookingsRoutes = new Hono<AppBindings>();

bookingsRoutes.post("/", requireUser, async (c) => {
  const { db, dialect, env, outbox } = c.get("deps");
  const input = await readJson(c, bookingInputSchema);
  const booking = await createBooking(db, signedInUser(c), input, {
    dialect,
    maxActive: env.bookings.maxActive,
    idempotencyKey: idempotencyKeyOf(c.req.header()),
    publicUrl: env.publicUrl,
  });
  // The seller's mail was queued with the booking: send it now.
  outbox.notify();
  return c.json(booking, 201);
});

// Printable ASCII, as the IETF draft for the header and every client library send.
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The optional Idempotency-Key header (docs/api.md): one key per booking the buyer means to make. */
function idempotencyKeyOf(headers: Record<string, string>): string | undefined {
  const key = headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new AppError("BAD_REQUEST", "Idempotency-Key must be 1 to 200 printable characters.");
  }
  return key;
}

bookingsRoutes.patch("/:id", requireUser, async (c) => {
  const { db, dialect, env, outbox } = c.get("deps");
  const { status } = await readJson(c, bookingUpdateSchema);
  const booking = await changeBookingStatus(db, signedInUser(c), c.req.param("id"), status, {
    publicUrl: env.publicUrl,
    dialect,
  });
  outbox.notify();
  return c.json(booking);
});

/** /api/me/bookings and /api/me/sales, a page at a time (docs/api.md). */
export const myBookingsRoutes = new Hono<AppBindings>();

myBookingsRoutes.get("/bookings", requireUser, async (c) => {
  const page = readQuery(c, bookingListQuerySchema);
  return c.json(await listBookings(c.get("deps").db, { buyerId: signedInUser(c).id }, page));
});

myBookingsRoutes.get("/sales", requireAccountType("seller"), async (c) => {
  const page = readQuery(c, bookingListQuerySchema);
  return c.json(await listBookings(c.get("deps").db, { sellerId: signedInUser(c).id }, page));
});
