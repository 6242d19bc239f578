import { z } from "zod";
import { type Page, phoneSchema } from "./bikes";
import { cursorPageQuerySchema } from "./pages";
import { lineOf } from "./text";

export const bookingStatuses = [
  "pending",
  "accepted",
  "declined",
  "cancelled",
  "completed",
  "expired",
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const activeBookingStatuses: readonly BookingStatus[] = ["pending", "accepted"];

/** The buyer enters phone and meeting place; the price is never taken from the request. */
export const bookingInputSchema = z.object({
  bikeId: z
    .string({ error: "bikeId is required" })
    .trim()
    .min(1, "bikeId is required")
    .max(64, "There is no such bike"),
  phone: phoneSchema,
  meetingLocation: lineOf("Meeting location", 200),
  /** The final price the buyer was shown; when the server's differs, 409 PRICE_CHANGED. */
  expectedFinalPrice: z
    .number({ error: "expectedFinalPrice must be a number" })
    .int("expectedFinalPrice must be a whole number")
    .nonnegative("expectedFinalPrice must not be negative")
    .optional(),
});
export type BookingInput = z.input<typeof bookingInputSchema>;

export const bookingUpdateSchema = z.object({
  status: z.enum(["accepted", "declined", "cancelled", "completed"], {
    error: "status must be accepted, declined, cancelled or completed",
  }),
});

export interface Booking {
  id: string;
  bikeId: string | null;
  bike: { title: string; imageUrl: string };
  buyer: { id: string | null; name: string };
  /** The buyer's contact, shown to the buyer and to the seller of the bike. */
  phone: string;
  meetingLocation: string;
  /** The seller's contact, shown to the buyer once the seller has accepted. */
  /** `id` links to the seller's profile; null once their account is deleted. */
  seller: { id: string | null; name: string; phone: string | null };
  /** The buyer has reviewed the seller for it (PRODUCT.md §8), including a review since removed. */
  reviewed: boolean;
  listedPrice: number;
  discountPercent: number;
  finalPrice: number;
  status: BookingStatus;
  createdAt: string;
  /** When the status last changed (the booking itself, while it is pending). */
  updatedAt: string;
}

/** GET /api/me/bookings and /api/me/sales: newest first, a page at a time. */
export const bookingListQuerySchema = cursorPageQuerySchema({ fallback: 20, max: 50 });

export type BookingPage = Page<Booking>;
