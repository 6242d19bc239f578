import { z } from "zod";
import type { Review, ReviewPage, SellerProfile } from "../reviews";
import { bikeSchema, sellerRatingSchema } from "./catalog";
import type { SameType } from "./same-type";

/** Response schemas of seller profiles and reviews (PRODUCT.md §8). */

export const reviewSchema = z
  .object({
    id: z.string(),
    rating: z.number().int().min(1).max(5),
    text: z.string().nullable().describe("Null when the buyer gave only stars."),
    createdAt: z.iso.datetime(),
    buyerName: z.string().describe("As it was when the review was written."),
    bikeTitle: z.string(),
    reply: z
      .object({ text: z.string(), createdAt: z.iso.datetime() })
      .nullable()
      .describe("The seller's one reply."),
  })
  .meta({ id: "Review" });
true satisfies SameType<z.infer<typeof reviewSchema>, Review>;

export const reviewPageSchema = z.object({
  items: z.array(reviewSchema),
  nextCursor: z.string().nullable().describe("Null on the last page."),
});
true satisfies SameType<z.infer<typeof reviewPageSchema>, ReviewPage>;

export const sellerProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    verified: z.boolean(),
    memberSince: z.iso.datetime(),
    rating: sellerRatingSchema,
    completedSales: z.number().int(),
    medianReplyMinutes: z
      .number()
      .nullable()
      .describe("Median minutes to a first reply in conversations; null until there is one."),
    bikes: z.array(bikeSchema).describe("Available bikes only, newest first, at most 60."),
  })
  .meta({ id: "SellerProfile" });
true satisfies SameType<z.infer<typeof sellerProfileSchema>, SellerProfile>;
