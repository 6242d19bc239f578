import { z } from "zod";
import { groupedNumber } from "../numbers";
import type { ListedBike, SellerRating } from "./bikes";
import { cursorPageQuerySchema } from "./pages";
import { isPlainText } from "./text";

/** Free text of a review or a reply: like a description, up to 1,000 characters. */
export const REVIEW_TEXT_MAX = 1000;
export const REMOVAL_REASON_MAX = 500;

const textOf = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${groupedNumber(max)} characters`)
    .refine(
      (value) => isPlainText(value, "text"),
      `${label} contains characters that can't be typed`,
    );

/** POST /api/bookings/:id/review: 1–5 stars, words optional ("" from an empty field counts as none). */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: "Choose a rating from 1 to 5 stars" })
    .int("Choose a rating from 1 to 5 stars")
    .min(1, "Choose a rating from 1 to 5 stars")
    .max(5, "Choose a rating from 1 to 5 stars"),
  text: z
    .string({ error: "Review must be text" })
    .trim()
    .max(REVIEW_TEXT_MAX, `Review must be at most ${groupedNumber(REVIEW_TEXT_MAX)} characters`)
    .refine((value) => isPlainText(value, "text"), "Review contains characters that can't be typed")
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewOutput = z.output<typeof reviewInputSchema>;

/** POST /api/reviews/:id/reply */
export const replyInputSchema = z.object({ text: textOf("Reply", REVIEW_TEXT_MAX) });
export type ReplyInput = z.input<typeof replyInputSchema>;

/** DELETE /api/reviews/:id: why the admin removes it, kept with the removal. */
export const reviewRemovalSchema = z.object({ reason: textOf("Reason", REMOVAL_REASON_MAX) });
export type ReviewRemovalInput = z.input<typeof reviewRemovalSchema>;

/** GET /api/sellers/:id/reviews */
export const reviewPageQuerySchema = cursorPageQuerySchema({ fallback: 10, max: 50 });

export type { SellerRating };

export interface Review {
  id: string;
  rating: number;
  text: string | null;
  createdAt: string;
  /** The buyer's name when they wrote it, and the bike the booking was for. */
  buyerName: string;
  bikeTitle: string;
  reply: { text: string; createdAt: string } | null;
}

export interface ReviewPage {
  items: Review[];
  nextCursor: string | null;
}

/** GET /api/sellers/:id */
export interface SellerProfile {
  id: string;
  name: string;
  verified: boolean;
  memberSince: string;
  rating: SellerRating;
  completedSales: number;
  /** Median minutes to a first reply in conversations; null until there are any. */
  medianReplyMinutes: number | null;
  /** Their available bikes, newest first. */
  bikes: ListedBike[];
}
