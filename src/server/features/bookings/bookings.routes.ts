import { Hono } from "hono";
import { bookingInputSchema, bookingUpdateSchema } from "#src/shared/schemas/bookings";
import type { AppBindings } from "../../context";
import { readJson } from "../../lib/validate";
import { requireAccountType, requireUser, signedInUser } from "../../middleware/session";
import {
  changeBookingStatus,
  createBooking,
  findBooking,
  listBookingsOfBuyer,
  listBookingsOnSellersBikes,
} from "./bookings.queries";

/** /api/bookings */
export const bookingsRoutes = new Hono<AppBindings>();

bookingsRoutes.post("/", requireUser, async (c) => {
  const { db } = c.get("deps");
  const input = await readJson(c, bookingInputSchema);
  const id = await createBooking(db, signedInUser(c), input);
  return c.json(await findBooking(db, id), 201);
});

bookingsRoutes.patch("/:id", requireUser, async (c) => {
  const { db } = c.get("deps");
  const { status } = await readJson(c, bookingUpdateSchema);
  const id = c.req.param("id");
  await changeBookingStatus(db, signedInUser(c), id, status);
  return c.json(await findBooking(db, id));
});

/** /api/me/bookings and /api/me/sales */
export const myBookingsRoutes = new Hono<AppBindings>();

myBookingsRoutes.get("/bookings", requireUser, async (c) => {
  return c.json({ items: await listBookingsOfBuyer(c.get("deps").db, signedInUser(c).id) });
});

myBookingsRoutes.get("/sales", requireAccountType("seller"), async (c) => {
  return c.json({ items: await listBookingsOnSellersBikes(c.get("deps").db, signedInUser(c).id) });
});
