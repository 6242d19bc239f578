import { z } from "zod";
import { type FairPrice, fairPriceRatings } from "../../fair-price";
import {
  type Bike,
  type BikeDetail,
  bikeConditions,
  bikeStatuses,
  type ListedBike,
  type Quote,
  type SellerRating,
  type YourBooking,
} from "../bikes";
import { type Category, categoryNames } from "../categories";
import type { SearchResults } from "../search";
import type { BikePhoto } from "../uploads";
import type { SameType } from "./same-type";

/** Response schemas of the catalog: what GET /api/categories and the bike reads answer. */

export const categorySchema = z
  .object({
    id: z.string(),
    name: z.enum(categoryNames),
    logo: z.string(),
    availableCount: z.number().int().min(0),
  })
  .meta({ id: "Category" });
true satisfies SameType<z.infer<typeof categorySchema>, Category>;

export const bikePhotoSchema = z
  .object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() })
  .meta({ id: "BikePhoto" });
true satisfies SameType<z.infer<typeof bikePhotoSchema>, BikePhoto>;

export const fairPriceSchema = z
  .object({ rating: z.enum(fairPriceRatings), basis: z.string() })
  .meta({ id: "FairPrice" });
true satisfies SameType<z.infer<typeof fairPriceSchema>, FairPrice>;

export const sellerRatingSchema = z
  .object({
    average: z.number().nullable().describe("To one decimal; null with no reviews."),
    count: z.number().int(),
  })
  .meta({ id: "SellerRating" });
true satisfies SameType<z.infer<typeof sellerRatingSchema>, SellerRating>;

const bikeFieldsSchema = z.object({
  id: z.string(),
  title: z.string(),
  name: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  imageUrl: z.string(),
  location: z.string(),
  yearsOfUse: z.number().int(),
  originalPrice: z.number().int(),
  resalePrice: z.number().int(),
  phone: z.string().optional().describe("Only for the bike's seller and admins."),
  description: z.string().nullable(),
  status: z.enum(bikeStatuses),
  advertised: z.boolean(),
  postedAt: z.iso.datetime(),
  mileageKm: z.number().int().nullable().describe("Null on listings made before the details."),
  modelYear: z.number().int().nullable(),
  engineCc: z.number().int().nullable(),
  condition: z.enum(bikeConditions).nullable(),
  papersUpToDate: z.boolean().nullable(),
  seller: z.object({
    id: z.string(),
    name: z.string(),
    verified: z.boolean(),
    rating: sellerRatingSchema,
  }),
  photos: z.array(bikePhotoSchema).describe("In the seller's order; the first is the cover."),
  fairPrice: fairPriceSchema
    .nullable()
    .optional()
    .describe("Null with too few comparable listings; absent where not computed."),
  hidden: z
    .object({ reason: z.string(), hiddenAt: z.iso.datetime() })
    .optional()
    .describe("An admin took the listing down, and why; only its owner and admins see it."),
});
true satisfies SameType<z.infer<typeof bikeFieldsSchema>, Bike>;

/** A bike as every answer sends it: with whether it is on the caller's wishlist or booked by them. */
export const bikeSchema = bikeFieldsSchema
  .extend({
    wishlisted: z.boolean(),
    yourBookingId: z.string().nullable().describe("The caller's own active booking of it."),
  })
  .meta({ id: "Bike" });
true satisfies SameType<z.infer<typeof bikeSchema>, ListedBike>;

export const quoteSchema = z
  .object({
    listedPrice: z.number().int(),
    discountPercent: z.number().int(),
    finalPrice: z.number().int(),
    reason: z.enum(["first-booking", "first-wishlist-item"]).nullable(),
  })
  .meta({ id: "Quote" });
true satisfies SameType<z.infer<typeof quoteSchema>, Quote>;

export const yourBookingSchema = z
  .object({
    id: z.string(),
    status: z.enum(["pending", "accepted"]),
    listedPrice: z.number().int(),
    discountPercent: z.number().int(),
    finalPrice: z.number().int(),
  })
  .meta({ id: "YourBooking" });
true satisfies SameType<z.infer<typeof yourBookingSchema>, YourBooking>;

export const bikeDetailSchema = bikeSchema
  .extend({
    quote: quoteSchema,
    ownBike: z.boolean().describe("The caller is the bike's seller."),
    yourBooking: yourBookingSchema.nullable(),
  })
  .meta({ id: "BikeDetail" });
true satisfies SameType<z.infer<typeof bikeDetailSchema>, BikeDetail>;

const nextCursor = z.string().nullable().describe("Null on the last page.");

export const searchResultsSchema = z
  .object({
    items: z.array(bikeSchema),
    nextCursor,
    total: z.number().int().describe("Matches over all pages, counted up to 1,000."),
    totalCapped: z.boolean(),
  })
  .meta({ id: "SearchResults" });
true satisfies SameType<z.infer<typeof searchResultsSchema>, SearchResults>;

export const categoryBikesSchema = z.object({
  category: z.object({ id: z.string(), name: z.enum(categoryNames) }),
  items: z.array(bikeSchema),
  nextCursor,
});

export const bikeListSchema = z.object({ items: z.array(bikeSchema) });

export const bikePageSchema = z.object({
  items: z.array(bikeSchema),
  nextCursor: nextCursor.describe("Pass as `cursor` for the next, older page; null on the last."),
});
