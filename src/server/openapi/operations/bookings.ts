import { wishlistQuerySchema } from "#src/shared/schemas/bikes";
import {
  bookingInputSchema,
  bookingListQuerySchema,
  bookingUpdateSchema,
} from "#src/shared/schemas/bookings";
import {
  bookingPageSchema,
  bookingSchema,
  wishlistSchema,
} from "#src/shared/schemas/responses/bookings";
import type { Operation } from "../operation";

export const bookingOperations: Operation[] = [
  {
    method: "POST",
    path: "/api/bookings",
    tag: "Bookings",
    summary: "Book a bike; the price comes from the bike and the promotions",
    description:
      "An optional `Idempotency-Key` header (1–200 printable characters) makes a retry answer the same booking.",
    access: "signed in",
    body: bookingInputSchema,
    responses: { 201: bookingSchema },
    errors: [403, 404, 409],
  },
  {
    method: "PATCH",
    path: "/api/bookings/:id",
    tag: "Bookings",
    summary: "Move a booking along the allowed transitions (its buyer or the bike's seller)",
    access: "signed in",
    body: bookingUpdateSchema,
    responses: { 200: bookingSchema },
    errors: [403, 404, 409],
  },
  {
    method: "GET",
    path: "/api/me/bookings",
    tag: "Bookings",
    summary: "The caller's own bookings, newest first, a page at a time",
    access: "signed in",
    query: bookingListQuerySchema,
    responses: { 200: bookingPageSchema },
  },
  {
    method: "GET",
    path: "/api/me/sales",
    tag: "Bookings",
    summary: "Bookings made on the caller's bikes, newest first, a page at a time",
    access: "seller",
    query: bookingListQuerySchema,
    responses: { 200: bookingPageSchema },
  },
  {
    method: "GET",
    path: "/api/me/wishlist",
    tag: "Wishlist",
    summary: "The caller's wishlist, newest first, a page at a time",
    access: "signed in",
    query: wishlistQuerySchema,
    responses: { 200: wishlistSchema },
  },
  {
    method: "PUT",
    path: "/api/me/wishlist/:bikeId",
    tag: "Wishlist",
    summary: "Add a bike to the wishlist (adding twice keeps the first date)",
    access: "signed in",
    responses: { 204: null },
    errors: [404],
  },
  {
    method: "DELETE",
    path: "/api/me/wishlist/:bikeId",
    tag: "Wishlist",
    summary: "Remove a bike from the wishlist",
    access: "signed in",
    responses: { 204: null },
  },
];
