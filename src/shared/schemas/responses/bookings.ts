import { z } from "zod";
import type { Page, WishlistEntry } from "../bikes";
import { type Booking, type BookingPage, bookingStatuses } from "../bookings";
import { bikeSchema } from "./catalog";
import type { SameType } from "./same-type";

/** Response schemas of bookings and the wishlist. */

export const bookingSchema = z
  .object({
    id: z.string(),
    bikeId: z.string().nullable().describe("Null once the bike is deleted."),
    bike: z.object({ title: z.string(), imageUrl: z.string() }),
    buyer: z.object({ id: z.string().nullable(), name: z.string() }),
    phone: z.string(),
    meetingLocation: z.string(),
    seller: z.object({
      id: z.string().nullable().describe("Null once the seller's account is deleted."),
      name: z.string(),
      phone: z.string().nullable().describe("Only once the booking is accepted or completed."),
    }),
    listedPrice: z.number().int(),
    discountPercent: z.number().int(),
    finalPrice: z.number().int(),
    status: z.enum(bookingStatuses),
    reviewed: z.boolean().describe("The buyer has reviewed the seller for it."),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().describe("When the status last changed."),
  })
  .meta({ id: "Booking" });
true satisfies SameType<z.infer<typeof bookingSchema>, Booking>;

export const bookingPageSchema = z.object({
  items: z.array(bookingSchema),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next, older page."),
});
true satisfies SameType<z.infer<typeof bookingPageSchema>, BookingPage>;

export const wishlistSchema = z.object({
  items: z.array(
    z.object({
      addedAt: z.iso.datetime().describe("When the caller saved it."),
      firstWishlistItem: z
        .boolean()
        .describe("The first bike the caller ever saved: booking it earns the 5% promotion."),
      bike: bikeSchema,
    }),
  ),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next, older page."),
});
true satisfies SameType<z.infer<typeof wishlistSchema>, Page<WishlistEntry>>;
